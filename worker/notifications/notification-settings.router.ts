import {
  channelSwitchSchema,
  deviceSchema,
  pushEndpointSchema,
  pushSubscriptionSchema,
  settingsOverviewSchema,
} from "../../shared/validation/notification-settings";
import { authedProcedure, router } from "../trpc/init";
import { preferencesFor, setChannel } from "./notice-preferences";
import { localPushService } from "./web-push/endpoints";
import { devicesOf, removeDevice, subscribeDevice, unsubscribeDevice } from "./web-push/subscriptions";

const ownerOf = (auth: { role: "mentee" | "mentor" | "moderator"; sub: string }) => ({ role: auth.role, id: auth.sub });

/**
 * The notification settings of every role (ADR 0027): which channels carry which kind of notice, and
 * the devices with Web Push on. Everything is the caller's own (the token's account): no input names
 * an account, and a device of someone else's is "not found".
 */
export const notificationSettingsRouter = router({
  /** The screen: her switches, her devices (this browser's marked), and what this browser needs to subscribe. */
  overview: authedProcedure.input(settingsOverviewSchema).query(async ({ ctx, input }) => {
    const who = ownerOf(ctx.auth);
    const [preferences, devices] = await Promise.all([preferencesFor(ctx.db, who), devicesOf(ctx.db, who, input.endpoint)]);
    // In development with the doubles (ADR 0033) a subscription comes from the local push service, not the browser's.
    const localService = localPushService(ctx.config);
    const publicKey = ctx.config.VAPID_PUBLIC_KEY ?? null;
    const push = localService
      ? { publicKey, service: "development" as const, serviceUrl: localService }
      : { publicKey, service: "browser" as const };
    return { role: who.role, preferences, devices, push };
  }),

  /** Her switches alone (her open tabs read them to stay quiet about kinds she turned off in the app). */
  preferences: authedProcedure.query(({ ctx }) => preferencesFor(ctx.db, ownerOf(ctx.auth))),

  setChannel: authedProcedure
    .meta({ readsDuringAccountCheck: true })
    .input(channelSwitchSchema)
    .mutation(async ({ ctx, input }) => ({
      preferences: await setChannel(ctx.db, ownerOf(ctx.auth), input.kind, input.channel, input.on, ctx.now),
    })),

  /** This browser receives her pushes from now on (for this sign-in). */
  subscribe: authedProcedure
    .meta({ readsDuringAccountCheck: true })
    .input(pushSubscriptionSchema)
    .mutation(({ ctx, input }) => subscribeDevice(ctx.db, ownerOf(ctx.auth), ctx.auth.sid, input, localPushService(ctx.config), ctx.now)),

  /** This browser stops receiving her pushes (push turned off here, or signing out here). */
  unsubscribe: authedProcedure
    .meta({ readsDuringAccountCheck: true })
    .input(pushEndpointSchema)
    .mutation(({ ctx, input }) => unsubscribeDevice(ctx.db, ownerOf(ctx.auth), input.endpoint)),

  /** One of her devices, from the list, stops receiving her pushes. */
  removeDevice: authedProcedure
    .meta({ readsDuringAccountCheck: true })
    .input(deviceSchema)
    .mutation(({ ctx, input }) => removeDevice(ctx.db, ownerOf(ctx.auth), input.id)),
});
