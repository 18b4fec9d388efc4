import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/")({ component: () => <h1>Learn a new skill, launch a project, land your dream career.</h1> });
