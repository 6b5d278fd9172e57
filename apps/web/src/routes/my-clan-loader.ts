import type { RosterInvitationResource } from '@cwh/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { fetchRosterInvitations } from '../features/teams/team-api';
import { type Loadable, ready, settle } from '../lib/loadable';
import { sessionReady } from './session-data';

export interface MyClanData {
  /** Open invitations of the signed-in player to rosters that are not a clan's. */
  invitations: Loadable<RosterInvitationResource[]>;
}

/** My Team: the player's open roster invitations (a clanless player may have some too). */
export async function myClanLoader({ request }: LoaderFunctionArgs): Promise<MyClanData> {
  const session = await sessionReady();
  if (!session.scToken) return { invitations: ready([]) };
  return { invitations: await settle(fetchRosterInvitations(request.signal)) };
}
