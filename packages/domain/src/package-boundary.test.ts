import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as domain from './index.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    // *.test-support.ts: helpers of the tests alone (they may use dev dependencies, e.g. the reference bracket library).
    const runtime = entry.name.endsWith('.ts') && !/\.test(-support)?\.ts$/.test(entry.name);
    return runtime ? [path] : [];
  });
}

describe('package boundary', () => {
  it('runtime code imports nothing but its own files (it runs in the browser too)', () => {
    const offenders = sourceFiles(import.meta.dirname).filter((file) =>
      /from\s+'(?!\.{1,2}\/)[^']+'/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it.each([
    'LOCALES',
    'INTL_LOCALE',
    'isLocale',
    'localeFromLanguageTag',
    'TEAM_SIZE',
    'ROSTER_CHANGES_LIMIT',
    'ROSTER_CHANGES_LIMIT_DETAIL',
    'memberRegistrationStatus',
    'ERROR_CODES',
    'errorRouteFor',
    'initialLoadOutcome',
    'selectActiveEvent',
    'selectActiveSegment',
    'registrationStatus',
    'deriveQueueStatus',
    'validateTeamSelection',
    'formatDateTime',
    'formatDate',
    'formatTime',
    'gmtLabel',
    'gmtOffsetMinutes',
    'formatDuration',
    'minutes',
    'seconds',
    'pairQueue',
    'rankLadder',
    'pairSwissRound',
    'computeSwissStandings',
    'createDoubleElimination',
    'resolveDoubleElimination',
    'applyBracketResult',
    'worldFinalsSchedule',
    'advanceStage',
    'maxWeightMatching',
  ])('index exports %s', (name) => {
    expect(domain).toHaveProperty(name);
  });
});
