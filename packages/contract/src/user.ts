import { oneLine } from './text';
import { z } from 'zod';
import { PERMISSIONS, ROLES } from './roles';
import { PASSWORD_MIN_LENGTH } from './constants';

export const roleSchema = z.enum(ROLES);
export const permissionSchema = z.enum(PERMISSIONS);
const email = z.email().max(254).transform((v) => v.trim().toLowerCase());
const name = oneLine(1, 100);
const userName = z.string().trim().min(2).max(64).regex(/^[A-Za-z0-9._@-]+$/, 'Letters, digits, . _ @ - only');
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256);
export const codeSchema = z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code');
const locationCode = z.string().trim().min(1).max(16);

export const userViewSchema = z.object({
  id: z.string(),
  userName: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  feature_permissions: z.array(permissionSchema),
  status: z.enum(['ACTIVE', 'INVITED']),
  location: z.object({ name: z.string(), code: z.string(), state_code: z.string() }),
  organization: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
});
export type UserView = z.infer<typeof userViewSchema>;

/** Login by email or userName; extra keys are ignored (no field here can raise privileges). */
export const loginRequestSchema = z
  .object({
    email: z.string().trim().max(254).optional(),
    userName: z.string().trim().max(254).optional(),
    password: z.string().min(1).max(256),
  })
  .refine((v) => Boolean(v.email || v.userName), { message: 'Enter your email or user name', path: ['email'] });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sessionResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  user: userViewSchema,
  success: z.boolean(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const signupRequestSchema = z.strictObject({
  email,
  password: passwordSchema,
  firstName: name,
  lastName: name,
  userName: userName.optional(),
  locationCode: locationCode.optional(),
});

export const inviteRequestSchema = z
  .strictObject({
    userName,
    firstName: name,
    lastName: name,
    email,
    role: roleSchema,
    organizationName: oneLine(1, 200).optional(),
    locationCode: locationCode.optional(),
    feature_permissions: z.array(permissionSchema).optional(),
  })
  .refine((v) => Boolean(v.organizationName || v.locationCode), {
    message: 'Give an organizationName or a locationCode',
    path: ['locationCode'],
  });
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const emailCodeRequestSchema = z.strictObject({ email, code: codeSchema });
export const emailOnlyRequestSchema = z.strictObject({ email });

export const completeInvitationRequestSchema = z.strictObject({
  email,
  code: codeSchema,
  password: passwordSchema,
  firstName: name.optional(),
  lastName: name.optional(),
});

export const resetPasswordRequestSchema = z
  .strictObject({
    email,
    code: codeSchema,
    password: passwordSchema.optional(),
    new_password: passwordSchema.optional(),
  })
  .refine((v) => Boolean(v.password || v.new_password), { message: 'Enter a new password', path: ['password'] });

export const editUserRequestSchema = z.strictObject({
  id: z.string().min(1).max(64),
  firstName: name.optional(),
  lastName: name.optional(),
  userName: userName.optional(),
  role: roleSchema.optional(),
  feature_permissions: z.array(permissionSchema).optional(),
  locationCode: locationCode.optional(),
  organizationName: z.string().trim().min(1).max(200).optional(),
});
export type EditUserRequest = z.infer<typeof editUserRequestSchema>;

export const usersByLocationQuerySchema = z.object({
  location_code: locationCode.optional(),
  city_code: locationCode.optional(),
});

export const messageResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export const verifyCodeResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  user: z.object({ email: z.string(), firstName: z.string(), lastName: z.string(), userName: z.string() }).optional(),
});
