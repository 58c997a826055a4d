/** The administrator's sign-in page. */
export const login = {
  login: {
    title: "Admin login",
    email: "Email",
    password: "Password",
    submit: "Log in",
    failed: "Login failed",
    invalidCredentials: "Invalid credentials",
    tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  },
};
