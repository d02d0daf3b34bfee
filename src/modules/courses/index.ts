import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { readsPlugin } from "../../read-model";
import { course, courseChange, courseParams, courseWithState, newCourse } from "./model";
import { createCourse, listActiveCourses, listAllCourses, updateCourse } from "./service";

export function coursesModule(ctx: AppContext, tokens: TokenService) {
  return (
    new Elysia()
      .use(authPlugin(tokens))
      .use(readsPlugin)
      // Public: the registration form offers the active courses before anyone is signed in.
      .get("/corsi", () => listActiveCourses(ctx.db), { reads: ["inventory"], response: t.Array(course) })
      .get("/corsi/tutti", () => listAllCourses(ctx.db), {
        auth: "admin",
        reads: "fresh",
        response: t.Array(courseWithState),
      })
      .post("/corsi", ({ actor, body }) => createCourse(ctx, actor, body), {
        auth: "admin",
        body: newCourse,
        response: courseWithState,
      })
      .put("/corsi/:id", ({ actor, body, params }) => updateCourse(ctx, actor, Number(params.id), body), {
        auth: "admin",
        params: courseParams,
        body: courseChange,
        response: courseWithState,
      })
  );
}
