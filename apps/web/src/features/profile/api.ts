import { http } from '../../lib/http/index.ts';

export interface MyProfile {
  userName: string;
  name: string | null;
  surname: string | null;
  email: string | null;
  phoneNumber: string | null;
  concurrencyStamp?: string;
}

export const fetchMyProfile = () => http.get<MyProfile>('/api/identity/my-profile');
export const updateMyProfile = (profile: MyProfile) => http.put<MyProfile>('/api/identity/my-profile', profile);
export const changeMyPassword = (input: { currentPassword: string; newPassword: string }) =>
  http.post('/api/identity/my-profile/change-password', input);
