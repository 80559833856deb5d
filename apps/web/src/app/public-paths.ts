/** Paths the first screen needs before the router (and its route table) has loaded: see boot.tsx. */
export const RESET_PASSWORD_PATH = '/resetPassword';
/** The 'dit was ik niet' link of a security notice: works without a session. */
export const NOT_ME_PATH = '/dit-was-ik-niet';
export const PUBLIC_PATHS = [RESET_PASSWORD_PATH, NOT_ME_PATH] as const;
