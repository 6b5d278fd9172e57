/**
 * A small JSON:API client for a spec's set-up and checks: `call()` answers the document or throws
 * with the status and body; `answer()` keeps a refusal (status and errors) for the spec to read;
 * `login()` signs a user in with e-mail and password and keeps the bearer token for later calls.
 */
const JSONAPI = 'application/vnd.api+json';

export const API_PATHS = {
  tournaments: '/api/tournaments/1.0',
  users: '/api/users/1.0',
} as const;

export interface ApiAnswer<R> {
  status: number;
  body: R | null;
  errors: { status: string; code: string; detail: string }[];
}

export class ApiClient {
  token = '';

  constructor(readonly baseURL: string) {}

  /** The answer whatever its status (a refusal is read, not thrown). */
  async answer<R>(method: string, path: string, body?: unknown): Promise<ApiAnswer<R>> {
    const response = await fetch(`${this.baseURL}${path}`, {
      method,
      headers: {
        accept: JSONAPI,
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': JSONAPI }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const parsed = text ? (JSON.parse(text) as R & { errors?: ApiAnswer<R>['errors'] }) : null;
    return { status: response.status, body: parsed, errors: parsed?.errors ?? [] };
  }

  /** The document of a successful call; anything else throws with the status and the body. */
  async call<R>(method: string, path: string, body?: unknown): Promise<R> {
    const answer = await this.answer<R>(method, path, body);
    if (answer.status >= 400) {
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body as R;
  }

  /** POST /login: the answer as it is (a suspended account is refused there). */
  tryLogin(email: string, password: string) {
    return this.answer<{ data: { attributes: { token: { value: string } } } }>(
      'POST',
      `${API_PATHS.users}/login`,
      { data: { type: 'sessions', attributes: { email, password } } },
    );
  }

  /** Signs in and keeps the access token for the next calls of this client. */
  async login(email: string, password: string): Promise<this> {
    const answer = await this.tryLogin(email, password);
    if (answer.status !== 200 || !answer.body) {
      throw new Error(`login ${email}: ${answer.status} ${JSON.stringify(answer.errors)}`);
    }
    this.token = answer.body.data.attributes.token.value;
    return this;
  }
}
