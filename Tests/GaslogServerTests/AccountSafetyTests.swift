import Credentials
import Foundation
import LogbookStore
import Testing

@testable import GaslogServer

/// A new password ends the account's sessions; the last admin stays.
@Suite("Sessions end with a password change; the last admin cannot be removed or demoted")
struct AccountSafetyTests {
    @Test("A password changed by another process ends the account's browser sessions from the next request; others' stay")
    func passwordChangeEndsSessions() throws {
        let station = try Station()
        let (ada, _) = try station.signIn("ada", "blender-pass-1")
        let (rita, _) = try station.signIn("rita", "reader-pass-1")
        #expect(station.page("GET", "/", cookie: ada).status == 200)
        // Another process changes the password in the file: this one's memory learns nothing of it.
        let other = Logbook(path: station.folder + "/logbook.sqlite")
        _ = try other.setPasswordHash(PasswordHash.make("blender-pass-2"), of: AccountName(parsing: "ada"), actor: nil)
        let after = station.page("GET", "/", cookie: ada)
        #expect(after.status == 303 && Station.header(after, "Location").hasPrefix("/signin"), "\(after.status)")
        #expect(station.page("GET", "/", cookie: rita).status == 200)
        // Signing in with the new password works; the old one does not.
        #expect(try station.signIn("ada", "blender-pass-2").cookie != ada)
    }

    @Test("The last admin: the store refuses (the CLI's 65), the page answers 409 and asks before any removal")
    func lastAdmin() throws {
        let station = try Station()
        let logbook = station.service.store
        _ = try logbook.addAccount(AccountName(parsing: "root"), role: .admin, passwordHash: PasswordHash.make("admin-pass-12"), actor: nil)
        let root = try AccountName(parsing: "root")
        #expect(throws: LogbookError(.lastAdmin("root"))) { try logbook.removeAccount(root, actor: nil) }
        #expect(throws: LogbookError(.lastAdmin("root"))) { try logbook.setRole(.blender, of: root, actor: nil) }
        #expect(LogbookError(.lastAdmin("root")).category == .conflict(code: "last_admin"))
        #expect(try logbook.account(named: root)?.role == .admin && logbook.account(named: root)?.isRemoved == false)

        let (cookie, csrf) = try station.signIn("root", "admin-pass-12")
        // One tap asks for confirmation and removes nothing.
        let asked = station.page("POST", "/admin/remove", cookie: cookie, form: [("csrf", csrf), ("name", "rita")])
        #expect(asked.status == 200 && Station.text(asked).contains("Yes, remove rita"))
        #expect(try logbook.account(named: AccountName(parsing: "rita"))?.isRemoved == false)
        let removed = station.page(
            "POST", "/admin/remove", cookie: cookie, form: [("csrf", csrf), ("name", "rita"), ("confirm", "yes")])
        #expect(removed.status == 303)
        #expect(try logbook.account(named: AccountName(parsing: "rita"))?.isRemoved == true)
        // The last admin, confirmed or demoted through the page: 409, saying why, and nothing changes.
        for form in [[("name", "root"), ("confirm", "yes")], [("name", "root"), ("role", "reader")]] {
            let action = form.contains { $0.0 == "role" } ? "/admin/role" : "/admin/remove"
            let refused = station.page("POST", action, cookie: cookie, form: [("csrf", csrf)] + form)
            #expect(refused.status == 409, "\(action)")
            #expect(Station.text(refused).contains("the logbook would have no admin"), "\(action)")
        }
        #expect(try logbook.account(named: root)?.role == .admin)
        // With a second admin, the first may go.
        _ = try logbook.setRole(.admin, of: AccountName(parsing: "ada"), actor: nil)
        _ = try logbook.setRole(.reader, of: root, actor: nil)
        #expect(try logbook.account(named: root)?.role == .reader)
    }

    @Test("The admin page refuses the issue's weak passwords with 400, naming the weakest part, and adds nothing")
    func weakPasswords() throws {
        let station = try Station()
        let logbook = station.service.store
        _ = try logbook.addAccount(AccountName(parsing: "root"), role: .admin, passwordHash: PasswordHash.make("admin-pass-12"), actor: nil)
        let (cookie, csrf) = try station.signIn("root", "admin-pass-12")
        let cases = [
            ("password", "a dictionary word"), ("12345678", "a dictionary word"), ("aaaaaaaa", "a repeat"), ("Qorvath-77", "the account's name"),
        ]
        for (password, kind) in cases {
            let refused = station.page(
                "POST", "/admin/add", cookie: cookie, form: [("csrf", csrf), ("name", "qorvath"), ("role", "reader"), ("password", password)])
            #expect(refused.status == 400, "\(password)")
            let text = Station.text(refused)
            #expect(text.contains("The password: the password is too easy to guess"), "\(password)")
            // The page escapes the apostrophe of “the account's name”.
            #expect(text.contains("its weakest part is \(kind.replacingOccurrences(of: "'", with: "&#39;"))."), "\(password)")
            #expect(try logbook.account(named: AccountName(parsing: "qorvath")) == nil)
        }
        // A strong password adds the account, marked as checked.
        let added = station.page(
            "POST", "/admin/add", cookie: cookie,
            form: [("csrf", csrf), ("name", "qorvath"), ("role", "reader"), ("password", "correct horse battery")])
        #expect(added.status == 303)
        #expect(try logbook.account(named: AccountName(parsing: "qorvath"))?.passwordChecked == true)
    }
}
