/// A form sent back with a problem: which form, the values as sent, and the
/// problem at its field, or for the whole form when it names none.
struct FormFailure<Form: Equatable> {
    let form: Form
    let values: [String: String]
    let field: String?
    let message: String
    let status: Int

    /// The words above the form's fields: that nothing was `done`, and the
    /// problem itself when no field holds it.
    func summary(nothingWas done: String) -> HTML {
        guard field != nil else {
            return #"<div class="error-summary" role="alert"><p><strong>Nothing was \#(done).</strong></p><p class="problem">\#(message)</p></div>"#
        }
        return #"<div class="error-summary" role="alert"><p><strong>Nothing was \#(done).</strong> The problem is shown next to its field.</p></div>"#
    }
}
