/** The `tls` domain: the workspace's TLS profiles, their files, and handshakes with them. */
import { z } from 'zod';
import type { TlsHandshakeReport, TlsProfile, TlsProfileReport, Versioned } from '../../workspace';
import { operation } from '../operation';
import { textSchema } from '../validation';
import { baseVersionSchema, itemNameSchema, tlsProfileSchema } from '../workspace-validation';

export const tlsOperations = {
  readProfile: operation<Versioned<TlsProfile>>()({ name: itemNameSchema }),
  /** Saves a profile as `workspace.saveRequest` saves a request (`baseVersion`, `overwrite`). */
  saveProfile: operation<{ version: string }>()({
    name: itemNameSchema,
    profile: tlsProfileSchema,
    baseVersion: baseVersionSchema,
    overwrite: z.boolean(),
  }),
  deleteProfile: operation<void>()({ name: itemNameSchema }),
  /** Reads a profile's certificate and key files: details, expiry, and whether the key matches the certificate. */
  check: operation<TlsProfileReport>()({ profile: tlsProfileSchema }),
  /** Performs a TLS handshake with a target using a profile (variables from the environment): the chain and whether it verifies. */
  testConnection: operation<TlsHandshakeReport>()({
    profile: tlsProfileSchema,
    target: textSchema,
    environment: itemNameSchema.optional(),
  }),
} as const;
