/** Query keys of the dashboard. `all` is what the live events stream and reservation changes invalidate. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};
