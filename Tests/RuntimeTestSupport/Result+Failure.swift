extension Result {
    /// Whether it is a failure.
    public var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }

    /// Its error, if it is a failure.
    public var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
