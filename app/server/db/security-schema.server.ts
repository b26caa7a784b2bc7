// Tables of two-factor sign-in and active sessions (migration 009, ADR 025).
export interface TwoFactorTable {
  userId: string
  /** AES-256-GCM of the base32 TOTP secret (app/server/auth/two-factor.server.ts). */
  secret: string
  enabledAt: string | null
  lastStep: number
  createdAt: string
  updatedAt: string
}

export interface RecoveryCodeTable {
  id: string
  userId: string
  /** SHA-256 (hex) of the normalised code; the code itself is shown once, never stored. */
  codeHash: string
  usedAt: string | null
  createdAt: string
}

export interface SessionStateTable {
  sessionId: string
  userId: string
  /** When this session proved the second factor (null: not proven). */
  secondFactorAt: string | null
  lastSeenAt: string | null
  lastIp: string | null
}

export interface SecurityPolicyTable {
  id: string
  requireAdminTwoFactor: number
  updatedAt: string
  updatedBy: string | null
}

/** A rate-limit bucket shared by every app server (migration 010, ADR 033). */
export interface RateLimitTable {
  key: string
  owner: string | null
  count: number
  allowed: number
  resetAt: string
  usedAt: string
}

/** A secret every app server must share, created once (migration 010, ADR 033). */
export interface SharedSecretTable {
  name: string
  value: string
  createdAt: string
}

/** ADR 018 amendment: an account the owner approved to download the CV. */
export interface CvApprovalTable {
  userId: string
  approvedBy: string
  approvedAt: string
}

export interface SecurityTables {
  rate_limit: RateLimitTable
  shared_secret: SharedSecretTable
  two_factor: TwoFactorTable
  recovery_code: RecoveryCodeTable
  session_state: SessionStateTable
  security_policy: SecurityPolicyTable
  cv_approval: CvApprovalTable
}
