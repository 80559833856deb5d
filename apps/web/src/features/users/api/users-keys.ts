import { CURRENT_USER_KEY } from '../../../lib/current-user.ts';

/** Query keys of the users feature. */
export const usersKeys = {
  all: ['users'] as const,
  myProfile: () => CURRENT_USER_KEY,
};
