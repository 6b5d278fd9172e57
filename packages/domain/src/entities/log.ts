import type { IsoDateTime } from './common.js';

export interface LogMessage {
  error: string;
  meta: {
    userId: string | null;
    playerTag: string | null;
    scToken: string | null;
    country: string | null;
    date: IsoDateTime;
    userAgent: string | null;
    extras?: Record<string, unknown>;
  };
  url: string;
}

export interface ActivityLog {
  id: string;
  ipAddress: string | null;
  date: { from: IsoDateTime; to: IsoDateTime | null };
  userId: string | null;
  action: string;
}
