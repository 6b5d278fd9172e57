import type { ClanRole } from '../game/game-adapter.js';
import { members, type SimClan, type SimDataset } from '../game/simulated/sim-dataset.js';

/*
 * DEMO ONLY: the simulated clans of the demo season's stages (demo-season-seed.ts), kept apart from
 * `simDataset` like the demo ladder's clans: the game adapter never seeds them. Five members each
 * (leader, co-leader, elder, two members), all of them on the team. Tags use the game's alphabet;
 * a player's tag depends only on its clan code and position.
 */

interface ClanRow {
  tag: string;
  name: string;
  clanLevel: number;
  code: string;
  members: readonly [string, string, string, string, string];
}

const ROLES: readonly ClanRole[] = ['leader', 'coLeader', 'elder', 'member', 'member'];

function dataset(rows: readonly ClanRow[], thLevel: number, purpose: string): SimDataset {
  const clans: SimClan[] = rows.map((row) => ({
    tag: row.tag,
    name: row.name,
    clanLevel: row.clanLevel,
    isWarLogPublic: true,
    warStatus: 'none',
    purpose,
  }));
  const players = rows.flatMap((row) =>
    members(
      row.tag,
      row.code,
      row.members.map((name, index) => [name, ROLES[index]!, thLevel] as const),
    ),
  );
  return { clans, players };
}

/** The eight 2025 World Finals teams, in seed order (seed 1 first). */
const worldFinalistRows: readonly ClanRow[] = [
  {
    tag: '#YCR0L2P9',
    name: 'Polar Vanguard',
    clanLevel: 30,
    code: 'YCR02',
    members: ['Aleksi Virtanen', 'Noora Laine', 'Eetu Koskinen', 'Venla Heikkinen', 'Otto Salminen'],
  },
  {
    tag: '#YCR0L2PY',
    name: 'Jade Dynasty',
    clanLevel: 29,
    code: 'YCR08',
    members: ['Chen Rui', 'Lin Yue', 'Zhao Ming', 'Sun Qiao', 'Guo Tian'],
  },
  {
    tag: '#YCR0L2PL',
    name: 'Samba Storm',
    clanLevel: 28,
    code: 'YCR09',
    members: ['Rafael Lima', 'Juliana Costa', 'Bruno Teixeira', 'Marina Alves', 'Diego Ramos'],
  },
  {
    tag: '#YCR0L2PQ',
    name: 'Sakura Blades',
    clanLevel: 28,
    code: 'YCR0P',
    members: ['Kaito Mori', 'Hina Sato', 'Riku Fujita', 'Mio Ishikawa', 'Daiki Ogawa'],
  },
  {
    tag: '#YCR0L2PG',
    name: 'Seoul Comets',
    clanLevel: 27,
    code: 'YCR0Y',
    members: ['Min-jun Park', 'Seo-yeon Kim', 'Ji-ho Lee', 'Ha-eun Choi', 'Do-yun Jung'],
  },
  {
    tag: '#YCR0L2PR',
    name: 'Desert Falcons',
    clanLevel: 26,
    code: 'YCR0L',
    members: ['Faisal Rahman', 'Noor Hamdan', 'Zaid Khalil', 'Dana Yousef', 'Tariq Amin'],
  },
  {
    tag: '#YCR0L2PJ',
    name: 'Maple Wolves',
    clanLevel: 26,
    code: 'YCR0Q',
    members: ['Liam Tremblay', 'Chloe Gagnon', 'Noah Roy', 'Emma Cote', 'Ethan Bouchard'],
  },
  {
    tag: '#YCR0L2PC',
    name: 'Iberian Armada',
    clanLevel: 25,
    code: 'YCR0G',
    members: ['Pablo Navarro', 'Lucia Ortega', 'Mateo Herrera', 'Sofia Molina', 'Hugo Castillo'],
  },
];

/** The ten Town Hall Cup TH9 ladder teams (the top 8 of the ladder play the Finals). */
const cupTh9Rows: readonly ClanRow[] = [
  {
    tag: '#JUQ0C9P2',
    name: 'Pebble Knights',
    clanLevel: 12,
    code: 'JUQ02',
    members: ['Nico Brandt', 'Lea Vogel', 'Finn Wagner', 'Mia Keller', 'Paul Richter'],
  },
  {
    tag: '#JUQ0C9P8',
    name: 'Little Lions',
    clanLevel: 11,
    code: 'JUQ08',
    members: ['Sam Porter', 'Ella Reid', 'Max Fletcher', 'Ruby Shaw', 'Leo Grant'],
  },
  {
    tag: '#JUQ0C9P9',
    name: 'Copper Kites',
    clanLevel: 11,
    code: 'JUQ09',
    members: ['Luca Romano', 'Giulia Conti', 'Marco Greco', 'Sara Bruno', 'Enzo Gallo'],
  },
  {
    tag: '#JUQ0C9PP',
    name: 'Brave Badgers',
    clanLevel: 10,
    code: 'JUQ0P',
    members: ['Tom Janssen', 'Sanne de Vries', 'Bram Bakker', 'Fleur Visser', 'Jesse Smit'],
  },
  {
    tag: '#JUQ0C9PY',
    name: 'Tiny Tornadoes',
    clanLevel: 10,
    code: 'JUQ0Y',
    members: ['Arjun Mehta', 'Priya Nair', 'Rohan Iyer', 'Ananya Rao', 'Kabir Das'],
  },
  {
    tag: '#JUQ0C9PL',
    name: 'Moss Goblins',
    clanLevel: 9,
    code: 'JUQ0L',
    members: ['Oskar Nowak', 'Zofia Wojcik', 'Jakub Lewandowski', 'Maja Kaminska', 'Kacper Zielinski'],
  },
  {
    tag: '#JUQ0C9PQ',
    name: 'Lantern Foxes',
    clanLevel: 9,
    code: 'JUQ0Q',
    members: ['Emre Yilmaz', 'Elif Demir', 'Can Aydin', 'Zeynep Kaya', 'Burak Sahin'],
  },
  {
    tag: '#JUQ0C9PG',
    name: 'River Otters',
    clanLevel: 8,
    code: 'JUQ0G',
    members: ['Jack Wilson', 'Grace Taylor', 'Henry Brown', 'Lily Davies', 'Oscar Evans'],
  },
  {
    tag: '#JUQ0C9PR',
    name: 'Clover Archers',
    clanLevel: 8,
    code: 'JUQ0R',
    members: ['Conor Byrne', 'Erin Walsh', 'Ronan Kelly', 'Maeve Quinn', 'Eoin Nolan'],
  },
  {
    tag: '#JUQ0C9PJ',
    name: 'Bramble Bats',
    clanLevel: 7,
    code: 'JUQ0J',
    members: ['Felix Martin', 'Ines Bernard', 'Jules Petit', 'Lina Moreau', 'Victor Simon'],
  },
];

/** The 2025 World Finals teams (TH17), seed order. */
export const worldFinalistsDataset = dataset(
  worldFinalistRows,
  17,
  'Demo season: a 2025 World Finals team (archived double-elimination bracket).',
);

/** The Town Hall Cup TH9 teams (TH9): a finished ladder, then the Finals of the top 8. */
export const cupTh9Dataset = dataset(
  cupTh9Rows,
  9,
  'Demo season: a Town Hall Cup TH9 team (finished ladder, Finals in progress).',
);
