import type { RouteHandle } from "@aea/domain";
import { data, redirect } from "react-router";
import { appContext } from "../app-context";
import { ServiceSlide, ServiceTabs, serviceHref } from "../features/marketing/service-slide";
import { listServices, readService } from "../features/marketing/services-content.server";
import { seoMeta } from "../lib/content/seo";
import type { Route } from "./+types/services.$path";

export const handle = { access: "anyone", cacheableForAnonymous: true } satisfies RouteHandle;

export async function loader({ context, params }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const [services, service] = await Promise.all([
    listServices(core.content),
    readService(core.content, params.path),
  ]);
  if (!service) {
    // An unknown or hidden service goes to the first one (spec §2, §8).
    if (services[0]) throw redirect(serviceHref(services[0].path));
    throw data(null, { status: 404 });
  }
  return { service, services };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? seoMeta(loaderData.service.seo, matches, {
        fallbackTitle: loaderData.service.title,
        path: serviceHref(loaderData.service.path),
      })
    : [];

export default function Service({ loaderData }: Route.ComponentProps) {
  const { service, services } = loaderData;
  return (
    <>
      <ServiceTabs services={services} current={service.path} />
      <ServiceSlide key={service.path} service={service} services={services} />
    </>
  );
}
