import { z } from 'zod';
import { extraProperties } from '../fields.ts';
import { passwordSchema, personalDetails, phoneSchema } from './users.ts';

/** The signed-in user's own profile and password (`/api/identity/my-profile`). */

export const profileDto = z.object({
  ...personalDetails,
  isExternal: z.boolean(),
  hasPassword: z.boolean(),
  concurrencyStamp: z.string(),
  ...extraProperties,
});
export type ProfileDto = z.infer<typeof profileDto>;

export const updateProfileInput = z.object({
  userName: z.string().trim().min(1).max(256),
  name: z.string().trim().max(64).nullish(),
  surname: z.string().trim().max(64).nullish(),
  email: z.email().max(256).nullish().or(z.literal('')),
  phoneNumber: phoneSchema.nullish().or(z.literal('')),
  concurrencyStamp: z.string().max(40).nullish(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

export const changePasswordInput = z.object({
  currentPassword: z.string().min(1).max(128),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
