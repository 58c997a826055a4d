/** The administrator's sign-in page. */
export const login = {
  login: {
    title: "Admin login",
    email: "Email",
    password: "Password",
    submit: "Log in",
    failed: "Login failed",
    invalidCredentials: "Invalid credentials",
    code: "Code from your authenticator app, or a recovery code",
    codeIntro: "Two-step sign-in is on for this account: type the code your authenticator app shows.",
    codeSubmit: "Verify",
    codeInvalid: "The code is wrong or has expired.",
    tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  },
};
