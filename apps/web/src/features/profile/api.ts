import type { ChangePasswordInput, Json, ProfileDto, UpdateProfileInput } from '@seller/contracts/identity';
import { http } from '../../lib/http/index.ts';

export type MyProfile = Json<ProfileDto>;

export const fetchMyProfile = () => http.get<MyProfile>('/api/identity/my-profile');
export const updateMyProfile = (profile: UpdateProfileInput) =>
  http.put<MyProfile>('/api/identity/my-profile', profile);
export const changeMyPassword = (input: ChangePasswordInput) =>
  http.post('/api/identity/my-profile/change-password', input);
