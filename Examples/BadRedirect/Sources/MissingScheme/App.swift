// The app's own code; the build fails before it matters.
public enum MissingScheme {}
