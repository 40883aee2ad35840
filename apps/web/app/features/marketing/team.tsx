import { Mail, MapPin } from "lucide-react";
import { IconTerm, type IconTermLook } from "../../components/ui/icon-term";
import type { ContentFile } from "../../lib/content/assets";
import { ContentImage } from "../../lib/content/content-image";
import type { SeoFields } from "../../lib/content/seo";

const memberLook: IconTermLook = {
  className: "flex items-center gap-2",
  size: 15,
  iconClassName: "text-navy-600",
};

export interface TeamMember {
  name: string;
  title: string;
  location: string;
  email: string;
  experiences: string[];
  photo: ContentFile | null;
}

export interface Team {
  name: string;
  showName: boolean;
  members: TeamMember[];
}

export interface TeamPage {
  banner: string;
  teams: Team[];
  seo: SeoFields;
}

export const TEAM_PAGE_TITLE = "Our Team";

export function TeamBanner({ text }: { text: string }) {
  return (
    <header className="relative overflow-hidden bg-navy-900 text-white">
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgb(242_154_31/0.22),transparent_55%)]"
      />
      <div className="relative mx-auto max-w-7xl px-6 py-14 sm:py-20">
        <p className="font-semibold text-amber-500 text-sm uppercase tracking-[0.16em]">About the firm</p>
        <h1 className="mt-2 font-bold text-3xl sm:text-5xl">{TEAM_PAGE_TITLE}</h1>
        {text ? <p className="mt-5 max-w-3xl text-lg text-navy-100 sm:text-xl">{text}</p> : null}
      </div>
    </header>
  );
}

/** A team: its name as a heading when the editor asks for it (show_name), then its members' cards. */
export function TeamSection({ team, index }: { team: Team; index: number }) {
  const headingId = `team-${index}`;
  return (
    <section
      aria-labelledby={team.showName ? headingId : undefined}
      aria-label={team.showName ? undefined : team.name || undefined}
      className="mx-auto max-w-7xl px-6 py-12"
    >
      {team.showName ? (
        <h2 id={headingId} className="font-bold text-2xl text-navy-900 sm:text-3xl">
          {team.name}
        </h2>
      ) : null}
      <ul
        className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4 ${team.showName ? "mt-8" : ""}`}
      >
        {team.members.map((member) => (
          <li key={`${member.name}-${member.email}`}>
            <MemberCard member={member} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function MemberCard({ member }: { member: TeamMember }) {
  return (
    <article className="team-member flex h-full flex-col rounded-card border border-navy-100 bg-white p-6 shadow-card">
      <div className="flex items-center gap-4">
        {member.photo ? (
          <ContentImage
            file={member.photo}
            widths={[128, 256]}
            sizes="96px"
            aspect={{ width: 96, height: 96 }}
            alt={`Photo of ${member.name}`}
            quality={85}
            className="h-24 w-24 shrink-0 rounded-full object-cover ring-4 ring-navy-50"
          />
        ) : null}
        <div className="min-w-0">
          <h3 className="font-bold text-lg text-navy-900 leading-snug">{member.name}</h3>
          {member.title ? <p className="font-semibold text-amber-700 text-sm">{member.title}</p> : null}
        </div>
      </div>
      <dl className="mt-5 space-y-1.5 text-sm text-slate-650">
        {member.location ? (
          <IconTerm icon={MapPin} term="Location" look={memberLook}>
            {member.location}
          </IconTerm>
        ) : null}
        {member.email ? (
          <IconTerm icon={Mail} term="Email" look={{ ...memberLook, detailClassName: "min-w-0" }}>
            <a
              href={`mailto:${member.email}`}
              className="break-all font-medium text-navy-700 underline-offset-2 hover:text-amber-700 hover:underline"
            >
              {member.email}
            </a>
          </IconTerm>
        ) : null}
      </dl>
      {member.experiences.length > 0 ? (
        <div className="mt-5 border-navy-100 border-t pt-4">
          <h4 className="font-semibold text-navy-800 text-xs uppercase tracking-wider">Experience</h4>
          <ul className="mt-2 space-y-1.5 text-slate-650 text-sm">
            {member.experiences.map((experience) => (
              <li key={experience} className="flex gap-2">
                <span aria-hidden className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-amber-500" />
                <span>{experience}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  );
}
