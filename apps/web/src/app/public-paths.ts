/** Paths the first screen needs before the router (and its route table) has loaded: see boot.tsx. */
export const RESET_PASSWORD_PATH = '/resetPassword';
