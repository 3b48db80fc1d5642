import { TeamOutlined } from "@ant-design/icons";
import { Route } from "react-router";
import { lazyPage } from "@/components/routing/lazy-page";
import { RequireRecordId } from "@/components/routing/require-record-id";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";

const UserList = lazyPage(() => import("./list"), "UserList");
// An overlay over the list: nothing in its place while it loads.
const UserShow = lazyPage(() => import("./show"), "UserShow", null);
const UserInvite = lazyPage(() => import("./invite"), "UserInvite");
const PendingInvites = lazyPage(() => import("./pending-invites"), "PendingInvites");

const resource = {
  name: RESOURCE.users,
  list: "/users",
  show: "/users/:id",
  create: "/users/invite",
  meta: { label: "Users", icon: <TeamOutlined />, subject: "user" },
} satisfies AppResource;

/** The company's members: a member opens as an overlay over the list; inviting and pending invitations are pages. */
export const users: ResourceDeclaration = {
  resource,
  routes: (
    <Route path={resource.list}>
      <Route path={resource.create} element={<UserInvite />} />
      <Route path="pending-invites" element={<PendingInvites />} />
      <Route
        element={
          <RequireRecordId pattern={resource.show}>
            <UserList />
          </RequireRecordId>
        }
      >
        <Route index element={null} />
        <Route path={resource.show} element={<UserShow />} />
      </Route>
    </Route>
  ),
};
