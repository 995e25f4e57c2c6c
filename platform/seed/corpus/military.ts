/**
 * Demo corpus of graph 245 (military). Countries, forces, equipment and exercises are real
 * names; the people and the reported events are invented for the demo (every article's
 * source says so), written in the style of defence news.
 */
import { militaryOntology } from "../../builtin/ontologies.js";
import { corpusDomain, factsAbout, withoutRng, type EventDraft } from "./compose.js";
import data from "./military.json";
import type { Rng } from "../../kg/prng.js";
import { E, list, type Part, T } from "./writer.js";

// The entities, background facts, flows and stories are data (military.json); the writers are here.
const about = factsAbout(data);

const exerciseClosings = [
  "分析人士指出，此次行动旨在提升参演各方的协同作战能力。",
  "据悉，参演各方还将就后续训练安排进行交流。",
  "有专家认为，相关行动的规模和科目设置均较往年有所扩大。",
];

function exercise(
  rng: Rng,
  c: {
    exercise: string;
    hosts: string[];
    place: string;
    forces: string[];
    short: string;
    scale: string;
    focus: string;
  },
): EventDraft {
  const lead = rng.pick([
    (d: string): Part[] => [
      d,
      "，",
      ...list(c.hosts),
      "在",
      E(c.place),
      "举行代号为“",
      E(c.exercise),
      "”的联合",
      T("演习"),
      "，",
      c.scale,
      "参加。",
    ],
    (d: string): Part[] => [
      d,
      "起，",
      ...list(c.hosts),
      "在",
      E(c.place),
      "开展",
      E(c.exercise),
      "联合",
      T("演习"),
      "，",
      c.scale,
      "参加。",
    ],
  ]);
  return {
    type: "演习",
    trigger: "演习",
    title: `${c.short}在${c.place}举行“${c.exercise}”联合演习`,
    participants: [
      ...c.hosts.map((entity) => ({ entity, role: "参演方" })),
      ...c.forces.map((entity) => ({ entity, role: "参演兵力" })),
      { entity: c.exercise, role: "演习名称" },
    ],
    place: c.place,
    description: `${c.short}${c.exercise}联合演习，重点检验${c.focus}。`,
    lead,
    followUps: [
      {
        title: `“${c.exercise}”联合演习进入第二阶段`,
        opening: (d) => [
          d,
          "，",
          E(c.exercise),
          "联合",
          T("演习"),
          "进入第二阶段，参演兵力转入",
          c.focus,
          "科目。",
        ],
      },
      {
        title: `“${c.exercise}”联合演习落下帷幕`,
        opening: (d) => [
          d,
          "，为期数天的",
          E(c.exercise),
          "联合",
          T("演习"),
          "在",
          E(c.place),
          "落下帷幕。",
        ],
      },
      {
        title: `${c.short}联合演习的看点与影响`,
        opening: () => [
          "观察人士认为，",
          E(c.exercise),
          "联合",
          T("演习"),
          "的课目设置体现出参演各方对",
          c.focus,
          "的重视。",
        ],
      },
    ],
    details: [
      ["此次行动中，", ...list(c.forces), "等主战装备悉数亮相。"],
      ["行动重点检验", c.focus, "等能力。"],
    ],
    phrase: [...list(c.hosts), "在", E(c.place), "举行", E(c.exercise), "联合", T("演习")],
    closing: exerciseClosings,
    outcome: [...list(c.hosts), "决定在", E(c.place), "举行", E(c.exercise), "联合", T("演习")],
    facts: about(c.exercise, ...c.forces),
  };
}

function launch(
  rng: Rng,
  c: {
    actor: string;
    missile: string;
    toward?: string;
    from?: string;
    short: string;
    detail: string;
    again?: boolean;
  },
): EventDraft {
  const leads: ((d: string) => Part[])[] = [];
  if (c.toward) {
    leads.push((d) => [
      d,
      "，",
      E(c.actor),
      "向",
      E(c.toward!),
      "方向",
      c.again ? "再次" : "",
      T("试射"),
      "了一枚",
      E(c.missile),
      "。",
    ]);
  }
  if (c.from) {
    leads.push((d) => [
      E(c.actor),
      "宣布，",
      d,
      "在",
      E(c.from!),
      "成功",
      T("试射"),
      "一枚",
      E(c.missile),
      "。",
    ]);
  }
  const missileShort = c.missile.replace(/洲际弹道导弹|高超音速导弹|弹道导弹/, "导弹");
  return {
    type: "试射",
    trigger: "试射",
    title: `${c.short}${c.again ? "再次" : ""}试射${c.missile}`,
    participants: [
      { entity: c.actor, role: "试射方" },
      { entity: c.missile, role: "试射装备" },
    ],
    place: c.toward ?? c.from ?? null,
    description: `${c.short}试射${c.missile}。${c.detail}`,
    lead: rng.pick(leads),
    followUps: [
      {
        title: `${c.short}${missileShort}试射引发多方关注`,
        opening: (d) => [
          d,
          "，多国对",
          E(c.actor),
          "日前",
          T("试射"),
          E(c.missile),
          "一事作出回应。",
        ],
      },
      {
        title: `专家解读${c.short}此次${missileShort}试射`,
        opening: () => [
          "专家分析称，",
          E(c.actor),
          "此次",
          T("试射"),
          "的",
          E(c.missile),
          "在射程和突防能力上均有提升。",
        ],
      },
    ],
    details: [[c.detail]],
    phrase: [E(c.actor), T("试射"), E(c.missile)],
    closing: [
      "有关各方呼吁保持克制，避免地区局势进一步紧张。",
      "目前相关方面尚未公布更多技术细节。",
    ],
    facts: about(c.missile),
  };
}

function deploy(
  rng: Rng,
  c: {
    actor: string;
    force: string;
    to: string;
    short: string;
    forceShort: string;
    detail: string;
    quantity?: string;
  },
): EventDraft {
  const lead = rng.pick([
    (d: string): Part[] => [d, "，", E(c.actor), "宣布向", E(c.to), T("部署"), E(c.force), "。"],
    (d: string): Part[] => [
      E(c.actor),
      d,
      "证实，",
      c.quantity ?? "一批",
      E(c.force),
      "已",
      T("部署"),
      "至",
      E(c.to),
      "。",
    ],
  ]);
  return {
    type: "部署",
    trigger: "部署",
    title: `${c.short}向${c.to}部署${c.forceShort}`,
    participants: [
      { entity: c.actor, role: "部署方" },
      { entity: c.force, role: "部署兵力" },
    ],
    place: c.to,
    description: `${c.short}向${c.to}部署${c.forceShort}。${c.detail}`,
    lead,
    followUps: [
      {
        title: `${c.forceShort}部署${c.to}后续进展`,
        opening: (d) => [
          d,
          "，据",
          E(c.actor),
          "透露，",
          T("部署"),
          "在",
          E(c.to),
          "的",
          E(c.force),
          "已完成初步测试。",
        ],
      },
      {
        title: `${c.short}在${c.to}部署${c.forceShort}引发关注`,
        opening: (d) => [
          d,
          "，围绕",
          E(c.actor),
          "在",
          E(c.to),
          T("部署"),
          E(c.force),
          "一事，多方表达了关切。",
        ],
      },
    ],
    details: [[c.detail]],
    phrase: [E(c.actor), "向", E(c.to), T("部署"), E(c.force)],
    closing: [
      "分析人士认为，此举将进一步改变地区力量对比。",
      "有关方面表示，此次行动属于例行安排。",
    ],
    outcome: [E(c.actor), "随即向", E(c.to), T("部署"), E(c.force)],
    facts: about(c.force, c.to),
  };
}

function visit(c: {
  person: string;
  host: string;
  city: string;
  short: string;
  agenda: string;
}): EventDraft {
  return {
    type: "访问",
    trigger: "访问",
    title: `${c.short}访问${c.host}`,
    participants: [
      { entity: c.person, role: "访问方" },
      { entity: c.host, role: "被访方" },
    ],
    place: c.city,
    description: `${c.short}${c.person}对${c.host}进行正式访问，议题包括${c.agenda}。`,
    lead: (d) => [
      d,
      "，",
      E(c.person),
      "抵达",
      E(c.city),
      "，开始对",
      E(c.host),
      "进行为期三天的正式",
      T("访问"),
      "。",
    ],
    followUps: [
      {
        title: `${c.person}结束对${c.host}的访问`,
        opening: (d) => [
          d,
          "，",
          E(c.person),
          "结束对",
          E(c.host),
          "的",
          T("访问"),
          "，启程回国。",
        ],
      },
    ],
    details: [["此行议题包括", c.agenda, "等。"]],
    phrase: [E(c.person), T("访问"), E(c.host)],
    closing: ["外界普遍关注此访能否推动双方防务关系进一步深化。"],
    facts: about(c.person),
  };
}

function talks(c: {
  a: string;
  others: string[];
  city: string;
  short: string;
  topic: string;
}): EventDraft {
  return {
    type: "会谈",
    trigger: "会谈",
    title: `${c.short}在${c.city}举行会谈`,
    participants: [
      { entity: c.a, role: "会谈方" },
      ...c.others.map((entity) => ({ entity, role: "会谈对象" })),
    ],
    place: c.city,
    description: `${c.short}在${c.city}举行会谈，就${c.topic}交换意见。`,
    lead: (d) => [
      d,
      "，",
      ...list([c.a, ...c.others]),
      "在",
      E(c.city),
      "举行",
      T("会谈"),
      "，就",
      c.topic,
      "交换意见。",
    ],
    followUps: [
      {
        title: `${c.short}会谈达成多项共识`,
        opening: (d) => [
          d,
          "，有关方面披露了",
          E(c.a),
          "与",
          E(c.others[0]),
          "此次",
          T("会谈"),
          "的更多细节。",
        ],
      },
    ],
    details: [["双方同意保持密切沟通，并在", c.topic, "方面加强协调。"]],
    phrase: [...list([c.a, ...c.others]), "举行", T("会谈")],
    outcome: [...list([c.a, ...c.others]), "随即举行紧急", T("会谈")],
    closing: ["会后发表的联合声明强调将继续保持高层交往。"],
    facts: about(c.a, ...c.others),
  };
}

function delivery(c: {
  maker: string;
  receiver: string;
  item: string;
  batch: string;
  short: string;
}): EventDraft {
  return {
    type: "交付",
    trigger: "交付",
    title: `${c.short}向${c.receiver}交付${c.item}`,
    participants: [
      { entity: c.maker, role: "交付方" },
      { entity: c.item, role: "交付装备" },
      { entity: c.receiver, role: "接收方" },
    ],
    place: null,
    description: `${c.maker}向${c.receiver}交付${c.batch}${c.item}。`,
    lead: (d) => [d, "，", E(c.maker), "向", E(c.receiver), T("交付"), c.batch, E(c.item), "。"],
    followUps: [
      {
        title: `${c.item}正式列装${c.receiver}`,
        opening: (d) => [
          d,
          "，",
          E(c.receiver),
          "举行仪式，新接收的",
          E(c.item),
          "正式",
          T("列装"),
          "。",
        ],
      },
      {
        title: `${c.receiver}加快${c.item}形成战斗力`,
        opening: () => [
          E(c.receiver),
          "表示，将加快已",
          T("交付"),
          "的",
          E(c.item),
          "的训练进度。",
        ],
      },
    ],
    details: [["按照合同，后续批次将在未来两年内陆续完成。"]],
    phrase: [E(c.maker), "向", E(c.receiver), T("交付"), E(c.item)],
    closing: ["业内人士认为，此举将显著提升接收方的作战能力。"],
    facts: about(c.item),
  };
}

function purchase(c: {
  buyer: string;
  item: string;
  amount: string;
  quantity: string;
}): EventDraft {
  return {
    type: "采购",
    trigger: "采购",
    title: `${c.buyer}宣布采购${c.item}`,
    participants: [
      { entity: c.buyer, role: "采购方" },
      { entity: c.item, role: "采购装备" },
    ],
    place: null,
    description: `${c.buyer}宣布采购${c.quantity}${c.item}，合同金额${c.amount}。`,
    lead: (d) => [
      d,
      "，",
      E(c.buyer),
      "宣布将",
      T("采购"),
      c.quantity,
      E(c.item),
      "，合同金额",
      c.amount,
      "。",
    ],
    followUps: [
      {
        title: `${c.buyer}${c.item}采购计划获批`,
        opening: (d) => [d, "，", E(c.buyer), "的", E(c.item), T("采购"), "计划获得批准。"],
      },
    ],
    details: [["该计划预计分多个年度执行。"]],
    phrase: [E(c.buyer), T("采购"), E(c.item)],
    outcome: [E(c.buyer), "决定", T("采购"), E(c.item)],
    closing: ["分析人士指出，这是近年来该方面规模最大的一笔军购。"],
    facts: about(c.item),
  };
}

function patrol(c: { actors: string[]; ships: string[]; sea: string; short: string }): EventDraft {
  return {
    type: "巡航",
    trigger: "巡航",
    title: `${c.short}在${c.sea}开展巡航`,
    participants: [
      ...c.actors.map((entity) => ({ entity, role: "巡航方" })),
      ...c.ships.map((entity) => ({ entity, role: "巡航兵力" })),
    ],
    place: c.sea,
    description: `${c.short}在${c.sea}开展巡航。`,
    lead: (d) => [
      d,
      "，",
      ...list(c.actors),
      "派出",
      ...list(c.ships),
      "在",
      E(c.sea),
      "开展",
      T("巡航"),
      "。",
    ],
    followUps: [
      {
        title: `${c.short}${c.sea}巡航持续进行`,
        opening: (d) => [d, "，", E(c.actors[0]), "在", E(c.sea), "的", T("巡航"), "进入第二周。"],
      },
      {
        title: `${c.short}结束${c.sea}巡航`,
        opening: (d) => [
          d,
          "，",
          E(c.actors[0]),
          "宣布结束在",
          E(c.sea),
          "的",
          T("巡航"),
          "任务。",
        ],
      },
    ],
    details: [["参与任务的舰机将进行多科目训练。"]],
    phrase: [...list(c.actors), "在", E(c.sea), "开展", T("巡航")],
    closing: ["有关方面表示，此次行动不针对任何第三方。"],
    outcome: [...list(c.actors), "随即在", E(c.sea), "开展", T("巡航")],
    facts: about(...c.ships),
  };
}

export const militaryCorpus = corpusDomain(data, {
  ontology: militaryOntology,
  factSentences: {
    隶属于: [
      (s, o) => [E(s), "隶属于", E(o), "。"],
      (s, o) => [E(s), "在编制上隶属于", E(o), "。"],
    ],
    母港: [(s, o) => [E(s), "的母港为", E(o), "。"], (s, o) => [E(s), "以", E(o), "为母港。"]],
    研制: [(s, o) => [E(o), "由", E(s), "研制。"], (s, o) => [E(s), "是", E(o), "的主要研制商。"]],
    装备: [
      (s, o) => [E(s), "目前装备有", E(o), "。"],
      (s, o) => [E(o), "是", E(s), "的主力装备之一。"],
    ],
    部署于: [(s, o) => [E(s), "长期部署于", E(o), "。"]],
    位于: [(s, o) => [E(s), "位于", E(o), "。"]],
    指挥: [(s, o) => [E(o), "现由", E(s), "指挥。"]],
    任职于: [(s, o) => [E(s), "现任职于", E(o), "。"]],
    同盟: [
      (s, o) => [E(s), "与", E(o), "是军事同盟关系。"],
      (s, o) => [E(s), "和", E(o), "签有共同防御条约。"],
    ],
    主办: [(s, o) => [E(o), "由", E(s), "主办。"], (s, o) => [E(s), "是", E(o), "的主办方。"]],
    参加: [(s, o) => [E(s), "是", E(o), "的参演方之一。"]],
    采购: [(s, o) => [E(s), "此前已决定引进", E(o), "。"]],
  },
  writers: {
    exercise,
    launch,
    deploy,
    ...withoutRng({ visit, talks, delivery, purchase, patrol }),
  },
});
