import type { RosterMemberValue } from '@cwh/contract';
import { useTranslation } from 'react-i18next';

/**
 * A team member's connected community chat account (spec 3: "connected chat account"; linked through
 * POST /get-discord-token or the Discord OAuth flow): its name when connected. The player viewing
 * their own line is also told when theirs is not connected yet.
 */
export function ChatAccountBadge({
  member,
  you,
}: {
  member: Pick<RosterMemberValue, 'chatAccountConnected' | 'chatAccountName'>;
  you: boolean;
}) {
  const { t } = useTranslation('chataccount');
  if (member.chatAccountConnected)
    return (
      <span className="badge badge--open" data-testid="chat-account">
        {member.chatAccountName ? t('connected', { name: member.chatAccountName }) : t('connectedNoName')}
      </span>
    );
  if (!you) return null;
  return (
    <span className="badge badge--muted" data-testid="chat-account-missing">
      {t('notConnected')}
    </span>
  );
}
