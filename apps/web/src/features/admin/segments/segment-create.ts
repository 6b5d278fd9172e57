import type { CreateSegmentBody, EventResource, SegmentResource } from '@cwh/contract';
import { isoToLocalInput, localInputToIso, parseCount } from '@cwh/domain';
import type { Checked, FormError } from '../brackets/stage-forms';

/**
 * The Add stage form's rules, apart from the screen: what each kind of stage is (a new format is one
 * more entry here and one more label in the locales), the defaults a new stage takes from its event
 * and parent, and the request body of POST /events/{id}/segments, or the message that says what to fix.
 */

type Attributes = CreateSegmentBody['data']['attributes'];
type StageCode = Attributes['stageCode'];

export interface StageKindRules {
  eliminationType: Attributes['eliminationType'];
  /** The segment type (GET /segment-types): `container` groups the stages whose rosters it holds. */
  type: string;
  stageCode: StageCode;
  /** Default roster limit: a ladder takes everyone, a swiss the 128 best, a final 8. */
  limit: number;
  /** Takes registrations (its rosters register there); else its teams come from the parent. */
  registers: boolean;
}

export const STAGE_KINDS = {
  container: {
    eliminationType: 'ladder',
    type: 'container',
    stageCode: 'OL',
    limit: 20_000,
    registers: true,
  },
  ladder: { eliminationType: 'ladder', type: 'ladder', stageCode: 'OL', limit: 20_000, registers: true },
  swiss: { eliminationType: 'swiss', type: 'swiss', stageCode: 'MQ', limit: 128, registers: false },
  double_elimination: {
    eliminationType: 'double_elimination',
    type: 'double_elimination',
    stageCode: 'MF',
    limit: 8,
    registers: false,
  },
} as const satisfies Record<string, StageKindRules>;
export type StageKind = keyof typeof STAGE_KINDS;
export const STAGE_KIND_KEYS = Object.keys(STAGE_KINDS) as StageKind[];
export const STAGE_CODES: readonly StageCode[] = [
  'OL',
  'MQ',
  'MF',
  'CF',
  'LCQ',
  'CQ',
  'CT',
  'LADDER',
  'FINALS',
];

export interface NewStageForm {
  name: string;
  kind: StageKind;
  /** '' for a top-level stage. */
  parentId: string;
  stageCode: StageCode;
  /** `datetime-local` values, read as GMT. */
  from: string;
  to: string;
  thLevel: string;
  playersMin: string;
  playersMax: string;
  limit: string;
  standby: string;
  checkin: boolean;
  checkinFrom: string;
  checkinTo: string;
}

const fail = (key: string, values?: FormError['values']): { ok: false; error: FormError } => ({
  ok: false,
  error: values ? { key, values } : { key },
});

/** The event's containers: the stages that hold the rosters their child stages are played by. */
export const containersOf = (segments: readonly SegmentResource[]) =>
  segments.filter((s) => s.relationships?.segmentType?.data?.id === 'container');

/** A new stage of `kind`: part of the event's first container, with its dates and town hall level. */
export function newStageDefaults(
  event: EventResource,
  segments: readonly SegmentResource[],
  kind: StageKind,
  name = '',
): NewStageForm {
  const parent = kind === 'container' ? undefined : containersOf(segments)[0];
  const date = parent?.attributes.date ?? event.attributes.date;
  const thLevel = parent?.attributes.configuration.thLevel ?? event.attributes.thLevels[0] ?? 17;
  const rules = STAGE_KINDS[kind];
  return {
    name,
    kind,
    parentId: parent?.id ?? '',
    stageCode: rules.stageCode,
    from: isoToLocalInput(date.from),
    to: isoToLocalInput(date.to),
    thLevel: String(thLevel),
    playersMin: '5',
    playersMax: '5',
    limit: String(rules.limit),
    standby: '0',
    checkin: false,
    checkinFrom: '',
    checkinTo: '',
  };
}

/** The form → the attributes of POST /events/{id}/segments. */
export function newStageBody(form: NewStageForm): Checked<Attributes> {
  const name = form.name.trim();
  if (name === '') return fail('form.stageName');
  const date = { from: localInputToIso(form.from), to: localInputToIso(form.to) };
  if (!date.from || !date.to) return fail('form.invalidDate');
  if (date.from > date.to) return fail('form.dateOrder');
  const thLevel = parseCount(form.thLevel);
  if (thLevel === null || thLevel < 1 || thLevel > 30) return fail('form.thLevel');
  const counts = [form.playersMin, form.playersMax, form.limit, form.standby].map(parseCount);
  if (counts.some((n) => n === null)) return fail('form.invalidNumber');
  const [playersMin, playersMax, limit, standbyLimit] = counts as number[];
  if (playersMin! > playersMax!) return fail('form.playersOrder');
  let openWindow: { from: string; to: string } | null = null;
  if (form.checkin) {
    const from = localInputToIso(form.checkinFrom);
    const to = localInputToIso(form.checkinTo);
    if (!from || !to) return fail('form.checkinWindow');
    if (from > to) return fail('form.dateOrder');
    openWindow = { from, to };
  }
  const rules = STAGE_KINDS[form.kind];
  return {
    ok: true,
    value: {
      name,
      parentId: form.parentId || null,
      format: name,
      stageCode: form.stageCode,
      eliminationType: rules.eliminationType,
      registrationType: 'allowed',
      registrationStatus: rules.registers ? 'open' : 'closed',
      timezone: 'UTC',
      type: rules.type,
      configuration: { thLevel, phase: null },
      segmentCheckinsConfig: { enabled: form.checkin, openWindow },
      rosterSize: { playersMin: playersMin!, playersMax: playersMax!, coachesMax: 0 },
      rostersLimit: { limit: limit!, standbyLimit: standbyLimit! },
      date: { from: date.from, to: date.to },
    },
  };
}
