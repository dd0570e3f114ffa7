import OAuthRuntime

/// A GitHub sign-in has no ID token: there are no claims to read, Google's least of all.
func googleClaims(from signIn: SignIn<GitHub>) -> Google.Claims {
    signIn.claims
}
