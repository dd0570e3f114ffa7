import OAuthRuntime
import SwiftUI
// The iOS 17 SDK's TimelineProvider completions are not yet `@Sendable`; they are called here from
// a task, as WidgetKit allows from any thread.
@preconcurrency import WidgetKit

/// An app extension reading the app's sign-in from the shared Keychain access group: it never
/// signs in itself (an extension has no window to present from).
@main
struct ExampleWidgets: WidgetBundle {
    var body: some Widget {
        SignInWidget()
    }
}

struct SignInWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "SignInWidget", provider: SignInTimeline()) { entry in
            SignInWidgetView(entry: entry)
        }
        .configurationDisplayName("Account")
        .description("Who is signed in to the example app.")
    }
}

struct SignInEntry: TimelineEntry {
    let date: Date
    let state: SignInState
}

struct SignInTimeline: TimelineProvider {
    func placeholder(in context: Context) -> SignInEntry {
        SignInEntry(date: Date(), state: .unknown)
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (SignInEntry) -> Void) {
        Task { completion(await entry()) }
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<SignInEntry>) -> Void) {
        Task {
            let entry = await entry()
            // Locked before first unlock: try again soon rather than showing "signed out" all day.
            let next =
                entry.state == .locked ? Date().addingTimeInterval(15 * 60) : Date().addingTimeInterval(6 * 60 * 60)
            completion(Timeline(entries: [entry], policy: .after(next)))
        }
    }

    private func entry() async -> SignInEntry {
        SignInEntry(date: Date(), state: await SignInState.read(from: SharedSignIn.session()))
    }
}

struct SignInWidgetView: View {
    let entry: SignInEntry

    var body: some View {
        switch entry.state {
        case .signedIn(let name, let email):
            VStack(alignment: .leading) {
                Text(name ?? "Signed in").font(.headline)
                if let email { Text(email).font(.caption) }
            }
        case .signedOut:
            Text("Signed out")
        case .locked:
            Text("Unlock to see your account")
        case .unknown:
            Text("…")
        case .failed(let message):
            Text(message).font(.caption)
        }
    }
}
