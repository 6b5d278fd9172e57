import type { SegmentResource } from '@cwh/contract';
import { identifier, isoSeconds } from '../../http/jsonapi.js';
import type { SegmentRow } from './segment-repository.js';

type StageCode = SegmentResource['attributes']['stageCode'];
type EliminationType = SegmentResource['attributes']['eliminationType'];

export function toSegmentResource(segment: SegmentRow, childIds: string[]): SegmentResource {
  return {
    id: segment.id,
    type: 'segments',
    attributes: {
      name: segment.name,
      nameTranslations: segment.nameTranslations ?? {},
      format: segment.format,
      // The columns are free text so new stage codes need no migration; the contract's enum is the gate.
      stageCode: segment.stageCode as StageCode,
      eliminationType: segment.eliminationType as EliminationType,
      registrationType: segment.registrationType,
      registrationStatus: segment.registrationStatus,
      registrationPhases: segment.registrationPhases,
      timezone: segment.timezone,
      images: segment.images,
      configuration: segment.configuration,
      segmentCheckinsConfig: segment.checkinsConfig,
      rosterSize: segment.rosterSize,
      rostersLimit: segment.rostersLimit,
      date: { from: isoSeconds(segment.dateFrom), to: isoSeconds(segment.dateTo) },
      level: segment.level,
    },
    relationships: {
      event: { data: identifier('events', segment.eventId) },
      parent: { data: segment.parentId ? identifier('segments', segment.parentId) : null },
      children: { data: childIds.map((id) => identifier('segments', id)) },
      // Segment types are identified by their key (GET /segment-types answers the same ids).
      segmentType: { data: identifier('segment-types', segment.type) },
    },
  };
}
