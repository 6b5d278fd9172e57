import type { SimClan, SimDataset, SimPlayer } from './sim-dataset.js';
import { members } from './sim-dataset.js';

/**
 * DEMO ONLY: the clans of the demo ladder (apps/server/src/seed/demo-ladder-seed.ts). Kept apart
 * from `simDataset` on purpose: the game adapter never seeds them, only the demo ladder seed does
 * (embedded demo and `npm run seed`), so tests and anything that lists the simulated game's clans
 * and players see exactly the clans of `simDataset` unless they seed the demo ladder themselves.
 *
 * Twelve TH17 clans of six members each (a leader, a co-leader, an elder and three members), with
 * public war logs and no war. The leader is the captain of the clan's demo team and the first five
 * members are its roster; the sixth stays on the bench. Tags follow the dataset's rule: a player's
 * tag depends only on its clan code and position, so append members at the end of a list.
 */

const purpose = 'Demo ladder team: a locked TH17 roster with finished ladder matches this month.';

interface DemoClanRow {
  tag: string;
  name: string;
  clanLevel: number;
  /** Player tag code of the clan's members. */
  code: string;
  members: readonly [string, string, string, string, string, string];
}

const demoClanRows: readonly DemoClanRow[] = [
  {
    tag: '#8LQC2VYR',
    name: 'Crimson Lancers',
    clanLevel: 22,
    code: '8QL2C',
    members: ['Adrian Vale', 'Bianca Moretti', 'Tobias Grant', 'Leila Karimi', 'Hugo Lambert', 'Ines Duarte'],
  },
  {
    tag: '#GV9R0PJL',
    name: 'Storm Wardens',
    clanLevel: 21,
    code: '8QL2G',
    members: [
      'Magnus Eklund',
      'Astrid Solberg',
      'Rune Halvorsen',
      'Signe Bakke',
      'Torin Lyng',
      'Elin Strand',
    ],
  },
  {
    tag: '#QY28LCUJ',
    name: 'Desert Vipers',
    clanLevel: 20,
    code: '8QL2J',
    members: ['Karim Nasser', 'Yasmin Haddad', 'Samir Khoury', 'Layla Mansour', 'Omar Saleh', 'Rania Aziz'],
  },
  {
    tag: '#U9PLG0RC',
    name: 'Frost Giants',
    clanLevel: 19,
    code: '8QL2P',
    members: ['Bjorn Aasen', 'Hilde Norum', 'Leif Ostby', 'Kari Helland', 'Sindre Moe', 'Tuva Rønning'],
  },
  {
    tag: '#RJ8VQ2YP',
    name: 'Golden Phoenix',
    clanLevel: 23,
    code: '8QL2R',
    members: ['Wei Zhang', 'Lan Huang', 'Jun Liu', 'Mei Zhou', 'Hao Wu', 'Xin Yang'],
  },
  {
    tag: '#C2UGY9LQ',
    name: 'Shadow Syndicate',
    clanLevel: 18,
    code: '8QL2U',
    members: [
      'Dmitri Volkov',
      'Katya Orlova',
      'Pavel Smirnov',
      'Irina Sokolova',
      'Alexei Morozov',
      'Olga Ivanova',
    ],
  },
  {
    tag: '#YPQ0J8VG',
    name: 'Thunder Hawks',
    clanLevel: 17,
    code: '8QL2V',
    members: ['Jake Miller', 'Ashley Carter', 'Tyler Brooks', 'Megan Hayes', 'Ryan Cooper', 'Lauren Price'],
  },
  {
    tag: '#LG2R9UCY',
    name: 'Emerald Guard',
    clanLevel: 16,
    code: '8QL2Y',
    members: ['Sean Murphy', 'Aoife Byrne', 'Cian Walsh', 'Niamh Kelly', 'Darragh Ryan', 'Saoirse Doyle'],
  },
  {
    tag: '#9CYJVP2Q',
    name: 'Obsidian Order',
    clanLevel: 20,
    code: '8QL29',
    members: [
      'Mateus Rocha',
      'Beatriz Souza',
      'Thiago Mendes',
      'Larissa Gomes',
      'Caio Barros',
      'Renata Pires',
    ],
  },
  {
    tag: '#VR0C8GLJ',
    name: 'Silver Serpents',
    clanLevel: 15,
    code: '8QL20',
    members: ['Haruto Ito', 'Sakura Yamada', 'Ren Kobayashi', 'Aoi Nakamura', 'Sota Suzuki', 'Yui Takahashi'],
  },
  {
    tag: '#J8GQU2PV',
    name: 'Royal Ravens',
    clanLevel: 18,
    code: '8QL28',
    members: [
      'Oliver Hughes',
      'Charlotte Evans',
      'Harry Wright',
      'Amelia Clarke',
      'George Hall',
      'Isla Turner',
    ],
  },
  {
    tag: '#PU9YL0JR',
    name: 'Midnight Owls',
    clanLevel: 14,
    code: '8QL2L',
    members: ['Camille Roux', 'Julien Fabre', 'Manon Girard', 'Theo Blanc', 'Clara Faure', 'Louis Mercier'],
  },
];

const ROLES = ['leader', 'coLeader', 'elder', 'member', 'member', 'member'] as const;

export const simDemoLadderClans: readonly SimClan[] = demoClanRows.map((row) => ({
  tag: row.tag,
  name: row.name,
  clanLevel: row.clanLevel,
  isWarLogPublic: true,
  warStatus: 'none',
  purpose,
}));

export const simDemoLadderPlayers: readonly SimPlayer[] = demoClanRows.flatMap((row) =>
  members(
    row.tag,
    row.code,
    row.members.map((name, index) => [name, ROLES[index]!, 17] as const),
  ),
);

/** The demo ladder's clans and players, in the shape `SimGameRepository.seed` inserts. */
export const simDemoLadderDataset: SimDataset = {
  clans: simDemoLadderClans,
  players: simDemoLadderPlayers,
};
