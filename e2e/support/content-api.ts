import { baseUrl, DEMO_PASSWORD } from './browser.ts';

/** Calls the API as the demo super admin, for test set-up that is not what the test is about. */
export async function superAdminApi() {
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userNameOrEmailAddress: 'admin@ateliermarkt.nl', password: DEMO_PASSWORD }),
  });
  const { auth_token: token } = (await login.json()) as { auth_token: string };
  return async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${baseUrl()}/api/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
}
