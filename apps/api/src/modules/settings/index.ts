/** The super admin's settings: what other modules may use (docs/decisions/0025). */

export { currentSettings } from './settings.admin.ts';
export {
  type CurrentSettings,
  currentRates,
  deadlineMs,
  readSettings,
  resetSettings,
  writeSettings,
} from './settings.service.ts';
