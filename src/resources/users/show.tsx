import { useParams } from "react-router";
import { RecordDetails } from "@/components/record/record-details";
import { PanelLayout } from "@/layouts/panel-layout";
import { RESOURCE } from "@/providers/resources";
import type { User } from "../types";
import { userFields } from "./columns";

/** A member of the company, in a panel over the user list. */
export function UserShow() {
  const { id } = useParams();
  return (
    <PanelLayout title="User" closeTo="/users">
      <RecordDetails<User> resource={RESOURCE.users} id={id} fields={userFields} />
    </PanelLayout>
  );
}
