export interface TeamManagementContext {
  registrationOpen: boolean;
  rosterLocked: boolean;
  middlewareRosterId: string | null | undefined;
  isLeader: boolean;
  isCoLeader: boolean;
  isCaptain: boolean;
}

/** Spec 4/6: a leader, or a co-leader who is also the captain, while registration is open and unlocked. */
export function canManageTeam(context: TeamManagementContext): boolean {
  const { registrationOpen, rosterLocked, middlewareRosterId, isLeader, isCoLeader, isCaptain } = context;
  if (!registrationOpen || rosterLocked || !middlewareRosterId) return false;
  return isLeader || (isCoLeader && isCaptain);
}
