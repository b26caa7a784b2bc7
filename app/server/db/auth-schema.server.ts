// Better Auth's tables (user extended with role, status, lastLogin; avatar is `image`).
// Column names follow Better Auth's defaults so its Kysely adapter needs no mapping.
export interface UserTable {
  id: string
  name: string
  email: string
  emailVerified: number
  image: string | null
  role: string
  status: string
  lastLogin: string | null
  createdAt: string
  updatedAt: string
}

export interface SessionTable {
  id: string
  expiresAt: string
  token: string
  createdAt: string
  updatedAt: string
  ipAddress: string | null
  userAgent: string | null
  userId: string
}

export interface AccountTable {
  id: string
  accountId: string
  providerId: string
  userId: string
  accessToken: string | null
  refreshToken: string | null
  idToken: string | null
  accessTokenExpiresAt: string | null
  refreshTokenExpiresAt: string | null
  scope: string | null
  password: string | null
  createdAt: string
  updatedAt: string
}

export interface VerificationTable {
  id: string
  identifier: string
  value: string
  expiresAt: string
  createdAt: string
  updatedAt: string
}

export interface AuthTables {
  user: UserTable
  session: SessionTable
  account: AccountTable
  verification: VerificationTable
}
