/** A form's answer from the server, said to screen readers as an alert (an error) or a status (a success). */
export function FormMessage({ message, kind = "error" }: { message?: string | null; kind?: "error" | "success" }) {
  if (!message) return null;
  return (
    <p className={`form-message${kind === "success" ? " form-message--success" : ""}`} role={kind === "error" ? "alert" : "status"}>
      {message}
    </p>
  );
}
