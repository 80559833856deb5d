/** Query keys of the users feature. */
export const usersKeys = {
  all: ['users'] as const,
  myProfile: () => [...usersKeys.all, 'my-profile'] as const,
};
