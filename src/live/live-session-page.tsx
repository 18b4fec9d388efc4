import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { LiveCall } from "@/live/live-call";
import { apiError } from "@/platform/api-error";
import type { LiveSession } from "@/platform/api-types";
import { useImmersive, useIsImmersive } from "@/platform/immersive";
import { fetchSocketTicket } from "@/platform/socket-ticket";
import { useTRPC, useTRPCClient } from "@/platform/trpc";
import { formatDate, formatTime, zoneLabel } from "@/platform/zoned";
import { cn } from "@/ui/class-names";
import { toast } from "@/ui/toast";
import type { MemberRole as Role } from "../../shared/role";
import { LoadError } from "../ui/load-error";
import { Skeleton } from "../ui/skeleton";
import { AgendaPanel } from "./agenda-panel";
import { CallView } from "./call-view";
import type { MediaChoice } from "./local-media";
import { PreJoin } from "./pre-join";
import type { RoomRecord } from "./room-attendance";
import { sessionPhase, timerText } from "./session-clock";
import { SessionSummary } from "./session-summary";
import { useLocalMedia } from "./use-local-media";
import { useServerClock } from "./use-server-clock";

type Outcome = { reason: "ended" | "left" | "replaced"; leftAt: number };

/** The live page of a booked session (`/mentors/connect/live/$id`, `/mentees/connect/live/$id`), for its two participants. */
export function LiveSessionPage({ slotId, role }: { slotId: string; role: Role }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const session = useQuery({
    ...trpc.live.session.queryOptions({ slotId }, { trpc: { context: { role } } }),
    staleTime: Infinity,
    retry: (count, error) => apiError(error) === null && count < 2,
  });
  const otherName = session.data?.other.name;
  // In the call the page has the whole window (Google Meet's way): one screen high, the title on one line.
  const inCall = useIsImmersive();
  return (
    <section
      aria-labelledby="live-title"
      className={cn(
        "mx-auto w-full",
        inCall ? "flex h-dvh max-w-6xl flex-col gap-2 overflow-hidden px-2 py-2 sm:px-4" : "grid max-w-4xl gap-4",
      )}
    >
      <h1 id="live-title" className={cn("font-bold text-slate-900", inCall ? "shrink-0 truncate text-lg" : "text-2xl")}>
        {otherName !== undefined ? <Trans>Live session with {otherName}</Trans> : <Trans>Live session</Trans>}
      </h1>
      {session.isPending ? (
        <Skeleton role="status" aria-label={t`Loading the session`} className="aspect-video w-full" />
      ) : session.isError ? (
        apiError(session.error) ? (
          <p role="alert" className="text-slate-700">
            {apiError(session.error)!.message}
          </p>
        ) : (
          <LoadError what={t`this session`} onRetry={() => void session.refetch()} />
        )
      ) : (
        <LiveSessionRoom session={session.data} role={role} />
      )}
    </section>
  );
}

function LiveSessionRoom({ session, role }: { session: LiveSession; role: Role }) {
  const api = useTRPCClient();
  const now = useServerClock(session.now);
  const { media, state } = useLocalMedia();
  const [joining, setJoining] = useState(false);
  const [call, setCall] = useState<LiveCall | null>(null);
  const [record, setRecord] = useState<RoomRecord>({ presence: [], readAt: 0 });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const joinedAt = useRef<number | null>(null);
  // Whether the other person was ever in the room while one was (or before one joined, by the room's record):
  // the summary offers a review only of a session that took place.
  const otherCame = useRef(false);
  const opensAt = Date.parse(session.opensAt);
  const end = Date.parse(session.end);
  const isOpen = now >= opensAt && now < end;
  const zone = session.me.timeZone;
  useImmersive(call !== null && outcome === null);

  const finish = useCallback(
    (reason: Outcome["reason"]) => {
      setOutcome((current) => current ?? { reason, leftAt: Date.now() });
      setJoining(false);
      media.stop();
    },
    [media],
  );

  // The room is open: the pre-join check asks for the camera and microphone (earlier only on a click).
  useEffect(() => {
    if (isOpen && !outcome && !call && state.status === "idle") void media.start("camera-and-microphone");
  }, [isOpen, outcome, call, state.status, media]);

  // "Join now": get the ICE servers (only inside the window) and enter the room with the devices as they are.
  useEffect(() => {
    if (!joining || call || outcome) return;
    let cancelled = false;
    api.live.join.mutate({ slotId: session.slotId }, { context: { role } }).then(
      ({ iceServers, presence, session: joined }) => {
        if (cancelled) return;
        setRecord({ presence, readAt: Date.parse(joined.now) });
        if (presence.some((p) => p.role === session.other.role)) otherCame.current = true;
        const ticket = () => fetchSocketTicket(api, role);
        const now = media.getSnapshot();
        const hearing = Boolean(now.mic && now.micOn);
        setCall(
          new LiveCall({
            slotId: session.slotId,
            role,
            ticket,
            iceServers: iceServers as RTCIceServer[],
            tracks: { audio: now.mic, video: now.screen ?? now.camera },
            media: { camera: Boolean(now.camera), mic: hearing, screen: Boolean(now.screen) },
          }),
        );
        setJoining(false);
      },
      (error) => {
        if (cancelled) return;
        setJoining(false);
        const answer = apiError(error);
        if (answer?.status === 403) finish("ended");
        else toast.error(t`Please refresh the page..!!`, { description: t`The live room could not be opened.` });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [joining, call, outcome, api, session.slotId, session.other.role, role, finish, media]);

  // Follow the call: note when it connected, and end the page when the room ends or another window takes over.
  useEffect(() => {
    if (!call) return;
    const check = () => {
      const { status, peer } = call.getSnapshot();
      if (peer) otherCame.current = true;
      if (status === "connected" && joinedAt.current === null) joinedAt.current = Date.now();
      if (status === "ended" || status === "replaced") finish(status);
      // This sign-in ended: the auth link signs the tab out when the server refuses it.
      if (status === "signed-out") {
        media.stop();
        api.auth.session.query(undefined, { context: { role } }).catch(() => undefined);
      }
    };
    const unsubscribe = call.subscribe(check);
    return () => {
      unsubscribe();
      call.leave();
    };
  }, [call, finish, media, api, role]);

  // The session's time is over: the room closes a few minutes later; the page says so at once.
  useEffect(() => {
    if (now >= Date.parse(session.closesAt) && call && !outcome) call.leave("ended");
  }, [now, session.closesAt, call, outcome]);

  // A way out of refused devices: ask for fewer (or none), and enter at once when the room is open.
  const chooseAndJoin = async (choice: MediaChoice) => {
    await media.start(choice);
    if (choice !== "camera-and-microphone" && media.getSnapshot().status === "ready" && isOpen) setJoining(true);
  };
  const rejoin = () => {
    setCall(null);
    setOutcome(null);
  };
  const startDate = formatDate(session.start, zone);
  const startTime = formatTime(session.start, zone);
  const zoneName = zoneLabel(zone, new Date(session.start));
  // The zone's label has its offset in brackets already ("UTC (GMT)", "Asia/Kolkata (GMT+5:30)").
  const startLabel = t`${startDate} at ${startTime}, ${zoneName}`;
  const timer = timerText(sessionPhase(now, session.start, session.end));

  if (outcome) {
    const canRejoin = outcome.reason !== "ended" && Date.now() < end;
    return (
      <SessionSummary
        session={session}
        reason={outcome.reason}
        joinedAt={joinedAt.current}
        leftAt={outcome.leftAt}
        otherJoined={record.readAt > 0 ? otherCame.current : null}
        onRejoin={canRejoin ? rejoin : undefined}
      />
    );
  }
  if (now >= end && !call) return <SessionSummary session={session} reason="ended" joinedAt={null} leftAt={now} otherJoined={null} />;
  return (
    <div className={call ? "flex min-h-0 flex-1 flex-col gap-2" : "grid gap-4"}>
      <AgendaPanel agenda={session.agenda} role={session.role} otherName={session.other.firstName} inCall={call !== null} />
      {call ? (
        <CallView
          call={call}
          media={media}
          state={state}
          session={session}
          now={now}
          record={record}
          onLeave={() => {
            finish("left");
            call.leave("ended");
          }}
        />
      ) : (
        <>
          <p className="text-2xl font-semibold tabular-nums text-slate-900">{timer.text}</p>
          <PreJoin
            session={session}
            media={media}
            state={state}
            startLabel={startLabel}
            started={now >= Date.parse(session.start)}
            roomOpen={isOpen}
            joining={joining}
            onJoin={() => setJoining(true)}
            onChoose={(choice) => void chooseAndJoin(choice)}
          />
        </>
      )}
    </div>
  );
}
