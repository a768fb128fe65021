import type { TCapability, TViewer } from "@domain/access/roles";
import type { TApiPlatform } from "@domain/gateway/api-input";
import type { readViewerById } from "../auth/viewer";

/** The person as the API answers them (docs/product/api-gateway.md#signing-in: the profile, the platform and the last sync). */
export type TApiUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  phone: string | null;
  role: TViewer["role"];
  capabilities: TCapability[];
  image: string | null;
  platform: TApiPlatform;
  lastSync: string;
};

export function apiUserView(person: NonNullable<Awaited<ReturnType<typeof readViewerById>>>, platform: TApiPlatform, now: Date): TApiUser {
  const { viewer } = person;
  return {
    id: viewer.id,
    name: viewer.name,
    email: viewer.email,
    emailVerified: person.emailVerified,
    phone: person.phone,
    role: viewer.role,
    capabilities: viewer.capabilities,
    image: viewer.image,
    platform,
    lastSync: now.toISOString(),
  };
}
