import type { StubData } from './coc-api-stub-data.js';

/** Fixed times so war-type detection is deterministic: 23 h preparation is a regular war. */
const WAR_START = '20251031T140000.000Z';

export const STUB_TAGS = {
  clanTitans: '#2PP0QJ8Y',
  clanAtWar: '#9LQ2CJ',
  clanFriendly: '#8YVRGU',
  clanPrivateLog: '#QQ2UV0',
  leader: '#P2Y9LQ0',
  elder: '#P2Y9LQ2',
  member: '#P2Y9LQ8',
  clanless: '#GRJ0C2U',
} as const;

export const defaultStubData: StubData = {
  clans: [
    {
      tag: STUB_TAGS.clanTitans,
      name: 'Stub Titans',
      clanLevel: 21,
      isWarLogPublic: true,
      currentWar: { state: 'notInWar' },
    },
    {
      tag: STUB_TAGS.clanAtWar,
      name: 'Stub Warriors',
      clanLevel: 15,
      isWarLogPublic: true,
      currentWar: { state: 'inWar', preparationStartTime: '20251030T150000.000Z', startTime: WAR_START },
    },
    {
      tag: STUB_TAGS.clanFriendly,
      name: 'Stub Friends',
      clanLevel: 9,
      isWarLogPublic: true,
      currentWar: {
        state: 'preparation',
        preparationStartTime: '20251031T130000.000Z',
        startTime: WAR_START,
      },
    },
    {
      tag: STUB_TAGS.clanPrivateLog,
      name: 'Stub Shadows',
      clanLevel: 12,
      isWarLogPublic: false,
      currentWar: { state: 'notInWar' },
    },
  ],
  players: [
    {
      tag: STUB_TAGS.leader,
      name: 'Stub Leader',
      townHallLevel: 17,
      clanTag: STUB_TAGS.clanTitans,
      role: 'leader',
      apiToken: 'stub-token-leader',
    },
    {
      tag: STUB_TAGS.elder,
      name: 'Stub Elder',
      townHallLevel: 17,
      clanTag: STUB_TAGS.clanTitans,
      role: 'admin',
      apiToken: 'stub-token-elder',
    },
    {
      tag: STUB_TAGS.member,
      name: 'Stub Member',
      townHallLevel: 16,
      clanTag: STUB_TAGS.clanTitans,
      role: 'member',
      apiToken: 'stub-token-member',
    },
    { tag: STUB_TAGS.clanless, name: 'Stub Drifter', townHallLevel: 15, apiToken: 'stub-token-drifter' },
  ],
};
