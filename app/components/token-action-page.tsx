import { Form, Link } from "@remix-run/react";

export type TokenPageTexts = { token: string | null; title: string; message: string; button: string; backToShop: string };

/**
 * A page a mailed link opens (confirm an address, unsubscribe): it says what the link will do, and only its button's
 * POST does it, since mail programs and scanners open links on their own. `answer` is the action's reply.
 */
export function TokenActionPage({ name, texts, answer }: { name: string; texts: TokenPageTexts; answer?: { done: boolean; message: string } }) {
  return (
    <section className="page unsubscribe-page" data-testid={`${name}-page`}>
      <h1>{texts.title}</h1>
      <p className={answer?.done ? "form-message form-message--success" : undefined} role={answer ? "status" : undefined} data-testid={`${name}-message`}>
        {answer?.message ?? texts.message}
      </p>
      {texts.token && !answer ? (
        <Form method="post">
          <input type="hidden" name="token" value={texts.token} />
          <button type="submit" className="button button--primary">
            {texts.button}
          </button>
        </Form>
      ) : null}
      <p>
        <Link to="/">{texts.backToShop}</Link>
      </p>
    </section>
  );
}
