// Each other file holds one misuse; this one compiles.
print("never run")
