import { TitledPage } from "@/components/record/record-page";

export function UserInvite() {
  return <TitledPage title="Invite user" backTo="/users" />;
}

export function PendingInvites() {
  return <TitledPage title="Pending invites" backTo="/users" />;
}
