import { CLAN_ROLES, OFFERED_TH_LEVELS } from '@cwh/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { Notice } from '../shell/notice';
import { PageLoader } from '../shell/page-loader';
import { PageShell } from '../shell/page-shell';
import { DemoTeamsSection } from './demo-teams-section';
import {
  type DemoRefusal,
  listDemoRefusals,
  listSimClans,
  listSimPlayers,
  patchSimClan,
  patchSimPlayer,
  type SimClan,
  type SimPlayer,
} from './simulator-api';

type Data =
  | { status: 'loading' }
  | { status: 'off' }
  | { status: 'error' }
  | { status: 'on'; players: SimPlayer[]; clans: SimClan[]; refusals: DemoRefusal[] };

const TH_CHOICES = Array.from({ length: 17 }, (_, index) => 17 - index);
const WAR_STATUSES = ['none', 'clanWar', 'friendlyWar'] as const;

/** /simulator: the simulated game's console (dev/demo tool; only when the server runs the simulated game). */
export function SimulatorPage() {
  const { t } = useTranslation('simulator');
  const [data, setData] = useState<Data>({ status: 'loading' });
  const [saved, setSaved] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const [players, clans, refusals] = await Promise.all([
        listSimPlayers(),
        listSimClans(),
        listDemoRefusals().catch(() => []),
      ]);
      setData({ status: 'on', players, clans, refusals });
    } catch (error) {
      setData(error instanceof ApiError && error.status === 404 ? { status: 'off' } : { status: 'error' });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const change = async (label: string, action: () => Promise<unknown>) => {
    setFailed(false);
    try {
      await action();
      setSaved(label);
      await load();
    } catch {
      setFailed(true);
    }
  };

  return (
    <PageShell name="simulator" title={t('title')} eyebrow={t('eyebrow')}>
      {data.status === 'loading' ? (
        <PageLoader />
      ) : data.status === 'off' ? (
        <Notice testId="simulator-off">{t('off')}</Notice>
      ) : data.status === 'error' ? (
        <Notice tone="danger">{t('loadFailed')}</Notice>
      ) : (
        <>
          <p className="page__lead">{t('lead')}</p>
          {saved ? (
            <Notice tone="success" testId="simulator-saved">
              {t('saved', { what: saved })}
            </Notice>
          ) : null}
          {failed ? <Notice tone="danger">{t('saveFailed')}</Notice> : null}
          <DemoTeamsSection refusals={data.refusals} />
          <ClansSection clans={data.clans} onChange={change} />
          <PlayersSection players={data.players} clans={data.clans} onChange={change} />
        </>
      )}
    </PageShell>
  );
}

type OnChange = (label: string, action: () => Promise<unknown>) => Promise<void>;

function ClansSection({ clans, onChange }: { clans: SimClan[]; onChange: OnChange }) {
  const { t } = useTranslation('simulator');
  return (
    <section className="team-section">
      <h2 className="section-title">{t('clans')}</h2>
      <ul className="sim-list">
        {clans.map((clan) => (
          <li key={clan.tag} className="sim-card card" data-testid="sim-clan" data-tag={clan.tag}>
            <div className="sim-card__head">
              <strong>{clan.name}</strong>
              <span className="muted">
                {clan.tag} · {t('thLevel', { level: clan.thLevel })} · {t('members', { n: clan.memberCount })}
              </span>
            </div>
            <div className="sim-card__controls">
              <label className="sim-control">
                <span>{t('war.label')}</span>
                <select
                  className="input input--small"
                  value={clan.warStatus}
                  onChange={(e) =>
                    onChange(clan.name, () =>
                      patchSimClan(clan.tag, { warStatus: e.target.value as SimClan['warStatus'] }),
                    )
                  }
                  data-testid="sim-war-status"
                >
                  {WAR_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {t(`war.${status}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="sim-control sim-control--inline">
                <input
                  type="checkbox"
                  checked={clan.isWarLogPublic}
                  onChange={(e) =>
                    onChange(clan.name, () => patchSimClan(clan.tag, { isWarLogPublic: e.target.checked }))
                  }
                  data-testid="sim-war-log"
                />
                <span>{t('warLog')}</span>
              </label>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PlayersSection({
  players,
  clans,
  onChange,
}: {
  players: SimPlayer[];
  clans: SimClan[];
  onChange: OnChange;
}) {
  const { t } = useTranslation(['simulator', 'teams']);
  const [filter, setFilter] = useState('');
  const [copied, setCopied] = useState<string | null>(null);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle
      ? players.filter((p) => `${p.name} ${p.tag} ${p.clanName ?? ''}`.toLowerCase().includes(needle))
      : players;
  }, [players, filter]);
  const copy = async (player: SimPlayer) => {
    try {
      await navigator.clipboard.writeText(player.apiToken);
      setCopied(player.tag);
    } catch {
      setCopied(null);
    }
  };
  return (
    <section className="team-section">
      <h2 className="section-title">{t('players')}</h2>
      <input
        className="input"
        type="search"
        placeholder={t('search')}
        aria-label={t('search')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <ul className="sim-list">
        {shown.map((player) => (
          <li key={player.tag} className="sim-card card" data-testid="sim-player" data-tag={player.tag}>
            <div className="sim-card__head">
              <strong>
                {player.name}
                {player.banned ? <span className="badge badge--status-notReady">{t('banned')}</span> : null}
              </strong>
              <span className="muted">{player.tag}</span>
            </div>
            <div className="sim-token">
              <code data-testid="sim-token">{player.apiToken}</code>
              <button
                type="button"
                className="button button--small button--ghost"
                onClick={() => copy(player)}
              >
                {copied === player.tag ? t('copied') : t('copy')}
              </button>
            </div>
            <div className="sim-card__controls">
              <label className="sim-control">
                <span>{t('clan')}</span>
                <select
                  className="input input--small"
                  value={player.clanTag ?? ''}
                  onChange={(e) =>
                    onChange(player.name, () =>
                      patchSimPlayer(player.tag, { clanTag: e.target.value || null }),
                    )
                  }
                  data-testid="sim-clan-select"
                >
                  <option value="">{t('noClan')}</option>
                  {clans.map((clan) => (
                    <option key={clan.tag} value={clan.tag}>
                      {clan.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="sim-control">
                <span>{t('role')}</span>
                <select
                  className="input input--small"
                  value={player.role ?? ''}
                  disabled={!player.clanTag}
                  onChange={(e) =>
                    onChange(player.name, () =>
                      patchSimPlayer(player.tag, { role: e.target.value as SimPlayer['role'] }),
                    )
                  }
                  data-testid="sim-role"
                >
                  {player.role ? null : <option value="">—</option>}
                  {CLAN_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {t(`teams:roles.${role}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="sim-control">
                <span>{t('townHall')}</span>
                <select
                  className="input input--small"
                  value={player.townHallLevel}
                  onChange={(e) =>
                    onChange(player.name, () =>
                      patchSimPlayer(player.tag, { townHallLevel: Number(e.target.value) }),
                    )
                  }
                  data-testid="sim-th"
                >
                  {TH_CHOICES.map((level) => (
                    <option key={level} value={level}>
                      {t('thLevel', { level })}
                      {(OFFERED_TH_LEVELS as readonly number[]).includes(level) ? ' ★' : ''}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
