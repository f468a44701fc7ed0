/// One field of a page's form: the use case's input it sets, its label,
/// hint and control.
struct FormField {
    let name: String
    let label: String
    var hint: String?
    var type = "text"
    var extra: HTML = .empty
}
