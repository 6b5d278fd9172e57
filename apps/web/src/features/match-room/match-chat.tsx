import { MATCH_CHAT_MAX_LENGTH } from '@cwh/contract/constants';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/use-locale';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../session/session-store';
import { type ChatMessage, chatRefusal, removeChatMessage, sendChatMessage } from './match-chat-api';
import { noticeKey, type SideNames } from './match-chat-view';
import { useMatchChat } from './use-match-chat';
import './match-chat.css';

function MessageLine({
  message,
  names,
  mine,
  canModerate,
  onRemove,
}: {
  message: ChatMessage;
  names: SideNames;
  mine: boolean;
  canModerate: boolean;
  onRemove: (message: ChatMessage) => void;
}) {
  const { t } = useTranslation('matchchat');
  const locale = useLocale();
  const time = (
    <time className="match-chat__time" dateTime={message.createdAt}>
      {formatDateTime(message.createdAt, locale)}
    </time>
  );
  if (message.kind === 'system' && message.notice) {
    const { key, values } = noticeKey(message.notice, names);
    return (
      <li className="match-chat__line match-chat__line--system" data-testid="chat-notice">
        <p className="match-chat__notice">{t(key, values)}</p>
        {time}
      </li>
    );
  }
  const author = message.author;
  const name = author?.name ?? t('someone');
  return (
    <li
      className={mine ? 'match-chat__line match-chat__line--mine' : 'match-chat__line'}
      data-testid="chat-message"
      data-deleted={message.deleted}
    >
      <p className="match-chat__meta">
        <span className="match-chat__author">{mine ? t('you') : name}</span>
        {author?.role ? <span className="match-chat__role">{t(`role.${author.role}`)}</span> : null}
        {time}
      </p>
      {message.deleted ? (
        <p className="match-chat__body match-chat__body--removed">{t('removed')}</p>
      ) : (
        // Plain text: React escapes it, markup shows as the characters it is.
        <p className="match-chat__body">{message.body}</p>
      )}
      {canModerate && !message.deleted ? (
        <button
          type="button"
          className="button button--ghost match-chat__remove"
          onClick={() => onRemove(message)}
          aria-label={t('remove', { name })}
        >
          {t('removeShort')}
        </button>
      ) : null}
    </li>
  );
}

/** The box and Send button: Enter sends, Shift+Enter starts a new line; the last refusal below. */
function ChatComposer({
  matchSeriesId,
  onSent,
  error,
  setError,
  refusalText,
}: {
  matchSeriesId: string;
  onSent: (message: ChatMessage) => void;
  error: string | null;
  setError: (error: string | null) => void;
  refusalText: (e: unknown) => string;
}) {
  const { t } = useTranslation('matchchat');
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const text = draft.trim();
  const tooLong = text.length > MATCH_CHAT_MAX_LENGTH;
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!text || tooLong || sending) return;
    setSending(true);
    setError(null);
    try {
      onSent(await sendChatMessage(matchSeriesId, text));
      setDraft('');
    } catch (e) {
      setError(refusalText(e));
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };
  return (
    <form className="match-chat__form" onSubmit={(e) => void submit(e)}>
      <label className="match-chat__label" htmlFor={inputId}>
        {t('label')}
      </label>
      <textarea
        id={inputId}
        className="match-chat__input"
        rows={2}
        value={draft}
        maxLength={MATCH_CHAT_MAX_LENGTH}
        aria-describedby={hintId}
        aria-invalid={tooLong || undefined}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        data-testid="chat-input"
      />
      <div className="match-chat__bar">
        <span className="match-chat__hint muted" id={hintId}>
          {t('left', { count: MATCH_CHAT_MAX_LENGTH - text.length })}
        </span>
        <button
          type="submit"
          className="button match-chat__send"
          disabled={!text || tooLong || sending}
          data-testid="chat-send"
        >
          {t('send')}
        </button>
      </div>
      {error ? (
        <p className="match-chat__error" role="alert" data-testid="chat-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The match room's chat (spec 7, #13) on the match page, for the room's members only (the two
 * captains, the teams' leaders, the event's organizers, admins): a log the screen reader reads out
 * as messages arrive, a labelled box and a send button; moderators remove messages.
 */
export function MatchChat({ matchSeriesId, names }: { matchSeriesId: string; names: SideNames }) {
  const { t } = useTranslation('matchchat');
  const session = useSession();
  const me = session.status === 'signedIn' ? session.userId : null;
  const chat = useMatchChat(matchSeriesId);
  const [error, setError] = useState<string | null>(null);
  const titleId = `${useId()}-title`;
  const log = useRef<HTMLOListElement>(null);
  const last = chat.messages.at(-1)?.id;

  // New messages scroll the log to the end (older pages, loaded above, do not).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes
  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [last]);

  if (chat.status === 'hidden' || chat.status === 'loading') return null;

  const refusalText = (e: unknown) => {
    const { reason, seconds } = chatRefusal(e);
    return t(`refusal.${reason}`, { count: seconds, max: MATCH_CHAT_MAX_LENGTH });
  };
  const remove = async (message: ChatMessage) => {
    setError(null);
    try {
      chat.take(await removeChatMessage(message.id));
    } catch (e) {
      setError(refusalText(e));
    }
  };

  return (
    <section className="match-chat" aria-labelledby={titleId} data-testid="match-chat">
      <h3 className="match-chat__title" id={titleId}>
        {t('title')}
      </h3>
      {chat.status === 'error' ? (
        <p className="match-chat__error" role="alert">
          {t('loadError')}
        </p>
      ) : null}
      {chat.hasMore ? (
        <button
          type="button"
          className="button button--ghost match-chat__older"
          onClick={chat.loadOlder}
          disabled={chat.loadingOlder}
        >
          {t('older')}
        </button>
      ) : null}
      <ol
        ref={log}
        className="match-chat__log"
        role="log"
        aria-live="polite"
        aria-relevant="additions text"
        aria-label={t('log')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling log must be reachable by keyboard
        tabIndex={0}
        data-testid="chat-log"
      >
        {chat.messages.length === 0 ? <li className="match-chat__empty muted">{t('empty')}</li> : null}
        {chat.messages.map((message) => (
          <MessageLine
            key={message.id}
            message={message}
            names={names}
            mine={message.author?.id === me}
            canModerate={chat.canModerate}
            onRemove={(m) => void remove(m)}
          />
        ))}
      </ol>
      <ChatComposer
        matchSeriesId={matchSeriesId}
        onSent={chat.take}
        error={error}
        setError={setError}
        refusalText={refusalText}
      />
    </section>
  );
}
