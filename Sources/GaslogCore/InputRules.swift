import InputRules

/// The password check the front ends run on a new password before they hash
/// it, from the rules the store and the core share.
public typealias PasswordStrength = InputRules.PasswordStrength
