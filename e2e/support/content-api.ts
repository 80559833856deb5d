import { WORKSHOP_HEADER } from '@ateliermarkt/contract';
import { baseUrl, DEMO_PASSWORD } from './browser.ts';

export type Api = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** Calls the API as a demo user (of a workshop, or none for the super admin), for test set-up. */
export async function apiAs(email: string, workshopName: string | null): Promise<Api> {
  const workshops = (await (await fetch(`${baseUrl()}/api/workspaces/available`)).json()) as {
    id: string;
    name: string;
  }[];
  const workshop = workshops.find((t) => t.name === workshopName);
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(workshop ? { [WORKSHOP_HEADER]: workshop.id } : {}) },
    body: JSON.stringify({ userNameOrEmailAddress: email, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`log-in ${email}: ${login.status} ${await login.text()}`);
  const { auth_token: token } = (await login.json()) as { auth_token: string };
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
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

/** Calls the API as the demo super admin, for test set-up that is not what the test is about. */
export function superAdminApi(): Promise<Api> {
  return apiAs('admin@ateliermarkt.nl', null);
}
