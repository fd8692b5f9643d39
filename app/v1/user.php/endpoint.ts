/**
 * /v1/user.php (docs/CONTRACT.md#users). GET and POST need no signature; DELETE is
 * signed and only ever deletes the caller.
 */
import { z } from "zod";
import { ApiError, badRequest, forbidden, notFound } from "@/lib/api/errors";
import type { Endpoint } from "@/lib/api/endpoint";
import { parseItems, rejectDuplicates } from "@/lib/api/parse-items";
import { emptyResponse, jsonResponse } from "@/lib/api/types";
import { db } from "@/lib/db/client";
import { readDb } from "@/lib/db/replicas";
import { createUsers, deleteUser, findUsers } from "@/lib/users/users";
import { isUuid, requireUuids } from "@/lib/uuid";

const userInput = z.object({
  user_id: z.string().refine(isUuid, "must be a UUID"),
  public_key: z.string().min(1, "must not be empty"),
});

export const userEndpoint: Endpoint = {
  name: "user.php",
  methods: {
    GET: {
      auth: "none",
      async handle(ctx) {
        if (ctx.pathIds.length === 0) {
          throw new ApiError("method_not_allowed", "Users cannot be listed; ask for one or more user ids.", null, {
            allow: "GET, POST, DELETE, OPTIONS",
          });
        }
        const ids = requireUuids(ctx.pathIds, "User");
        const users = await findUsers(readDb(), ids);
        if (users.length === 0) throw notFound("No user has these ids.", { user_ids: ids });
        return jsonResponse(ids.length === 1 ? users[0] : users);
      },
    },
    POST: {
      auth: "none",
      async handle(ctx) {
        const users = parseItems(userInput, ctx.json(), "user");
        rejectDuplicates(users, (u) => u.user_id.toLowerCase(), "user_id");
        const [pathId, ...more] = requireUuids(ctx.pathIds, "User");
        if (more.length > 0) throw badRequest("Only one user id may follow user.php/.");
        if (pathId && users.some((u) => u.user_id.toLowerCase() !== pathId)) {
          throw badRequest("The user id in the URL differs from the body's user_id.", { url_user_id: pathId });
        }
        await createUsers(
          db(),
          users.map((u) => ({ userId: u.user_id, publicKey: u.public_key })),
        );
        return emptyResponse();
      },
    },
    DELETE: {
      auth: "required",
      async handle(ctx) {
        const caller = ctx.requireCaller();
        const ids = requireUuids(ctx.idList(), "User");
        if (ids.length === 0) throw badRequest("Name the user to delete: DELETE /v1/user.php/<your user id>.");
        if (ids.some((id) => id !== caller.userId))
          throw forbidden("Users can delete only themselves.", { user_id: caller.userId });
        await deleteUser(db(), caller.userId);
        return emptyResponse();
      },
    },
  },
};
