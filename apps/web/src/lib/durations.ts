/** The hub's one duration rule (spec 1: `2d 3h`, `3h 04m`, `4m 05s`, `15s`) lives in the domain. */
export { formatDuration, minutes, seconds } from '@cwh/domain';
