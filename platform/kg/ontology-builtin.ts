/**
 * The two ontologies every fresh store gets: military and general. The demo corpus and the
 * generator build on them; operators edit them (or add their own) in the ontology admin.
 */
export interface ClassDef {
  name: string;
  parent?: string;
  place?: boolean;
  color: string;
  description?: string;
  properties?: {
    name: string;
    datatype?: "string" | "number" | "date" | "boolean" | "entity";
    required?: boolean;
  }[];
}
export interface RelationTypeDef {
  name: string;
  domain?: string;
  range?: string;
  description?: string;
}
export interface EventTypeDef {
  name: string;
  triggers: string[];
  roles: { subject: string; object: string };
  color: string;
}
export interface OntologyDef {
  name: string;
  domain: "military" | "general";
  description: string;
  classes: ClassDef[];
  relationTypes: RelationTypeDef[];
  eventTypes: EventTypeDef[];
}

export const militaryOntology: OntologyDef = {
  name: "军事领域本体",
  domain: "military",
  description: "国家、部队、基地、武器装备、演习与军事活动",
  classes: [
    { name: "地点", place: true, color: "#91cc75", description: "可作为事件发生地的实体" },
    {
      name: "国家",
      parent: "地点",
      color: "#3ba272",
      properties: [{ name: "首都" }, { name: "所在大洲" }],
    },
    {
      name: "城市",
      parent: "地点",
      color: "#73c0de",
      properties: [{ name: "所属国家", datatype: "entity" }],
    },
    {
      name: "军事基地",
      parent: "地点",
      color: "#fac858",
      properties: [
        { name: "所属国家", datatype: "entity" },
        { name: "启用年份", datatype: "number" },
      ],
    },
    { name: "海域", parent: "地点", color: "#5470c6", properties: [{ name: "面积" }] },
    { name: "组织机构", color: "#ee6666" },
    {
      name: "军队",
      parent: "组织机构",
      color: "#fc8452",
      properties: [
        { name: "所属国家", datatype: "entity" },
        { name: "司令部驻地" },
        { name: "成立时间", datatype: "date" },
      ],
    },
    { name: "政府机构", parent: "组织机构", color: "#e062ae" },
    {
      name: "军工企业",
      parent: "组织机构",
      color: "#9a60b4",
      properties: [{ name: "总部" }, { name: "成立年份", datatype: "number" }],
    },
    {
      name: "武器装备",
      color: "#6085f2",
      properties: [
        { name: "服役时间", datatype: "date" },
        { name: "生产商", datatype: "entity" },
      ],
    },
    {
      name: "舰艇",
      parent: "武器装备",
      color: "#4962c9",
      properties: [{ name: "排水量" }, { name: "舷号" }],
    },
    {
      name: "飞机",
      parent: "武器装备",
      color: "#2f8fd8",
      properties: [{ name: "最大速度" }, { name: "作战半径" }],
    },
    {
      name: "导弹",
      parent: "武器装备",
      color: "#c23531",
      properties: [{ name: "射程" }, { name: "制导方式" }],
    },
    { name: "防空反导系统", parent: "武器装备", color: "#d48265" },
    { name: "陆战装备", parent: "武器装备", color: "#8c6d31" },
    {
      name: "人物",
      color: "#ea7ccc",
      properties: [{ name: "职务" }, { name: "国籍", datatype: "entity" }],
    },
    {
      name: "军事演习",
      color: "#b6a2de",
      properties: [{ name: "首次举办", datatype: "number" }, { name: "举办周期" }],
    },
  ],
  relationTypes: [
    { name: "隶属于", range: "组织机构", description: "部队或装备的上级单位" },
    { name: "装备", domain: "组织机构", range: "武器装备" },
    { name: "部署于", range: "地点" },
    { name: "位于", domain: "地点", range: "地点" },
    { name: "研制", domain: "军工企业", range: "武器装备" },
    { name: "参加", range: "军事演习" },
    { name: "主办", range: "军事演习" },
    { name: "指挥", domain: "人物", range: "军队" },
    { name: "任职于", domain: "人物", range: "组织机构" },
    { name: "母港", domain: "舰艇", range: "军事基地" },
    { name: "采购", range: "武器装备" },
    { name: "同盟", domain: "国家", range: "国家" },
  ],
  eventTypes: [
    {
      name: "演习",
      triggers: ["演习", "演练", "军演", "联演"],
      roles: { subject: "参演方", object: "参演兵力" },
      color: "#c23531",
    },
    {
      name: "部署",
      triggers: ["部署", "进驻", "前出", "驶抵"],
      roles: { subject: "部署方", object: "部署兵力" },
      color: "#2f4554",
    },
    {
      name: "试射",
      triggers: ["试射", "试验发射", "发射", "试飞"],
      roles: { subject: "试射方", object: "试射装备" },
      color: "#61a0a8",
    },
    {
      name: "访问",
      triggers: ["访问", "出访", "到访", "会见"],
      roles: { subject: "访问方", object: "被访方" },
      color: "#d48265",
    },
    {
      name: "交付",
      triggers: ["交付", "列装", "入列"],
      roles: { subject: "交付方", object: "交付装备" },
      color: "#91c7ae",
    },
    {
      name: "巡航",
      triggers: ["巡航", "巡逻", "远海训练"],
      roles: { subject: "巡航方", object: "巡航兵力" },
      color: "#749f83",
    },
    {
      name: "会谈",
      triggers: ["会谈", "磋商", "对话会"],
      roles: { subject: "会谈方", object: "会谈对象" },
      color: "#ca8622",
    },
    {
      name: "采购",
      triggers: ["采购", "购买", "订购"],
      roles: { subject: "采购方", object: "采购装备" },
      color: "#bda29a",
    },
  ],
};

export const generalOntology: OntologyDef = {
  name: "通用领域本体",
  domain: "general",
  description: "企业、人物、产品、城市、会议与商业事件",
  classes: [
    { name: "地点", place: true, color: "#91cc75" },
    { name: "国家", parent: "地点", color: "#3ba272" },
    {
      name: "城市",
      parent: "地点",
      color: "#73c0de",
      properties: [{ name: "所属省份" }, { name: "常住人口" }],
    },
    { name: "组织机构", color: "#ee6666" },
    {
      name: "企业",
      parent: "组织机构",
      color: "#fc8452",
      properties: [
        { name: "成立年份", datatype: "number" },
        { name: "所属行业" },
        { name: "员工人数", datatype: "number" },
      ],
    },
    { name: "高校科研机构", parent: "组织机构", color: "#9a60b4" },
    { name: "政府机构", parent: "组织机构", color: "#e062ae" },
    {
      name: "人物",
      color: "#ea7ccc",
      properties: [{ name: "职务" }, { name: "出生年份", datatype: "number" }],
    },
    {
      name: "产品",
      color: "#6085f2",
      properties: [{ name: "发布时间", datatype: "date" }, { name: "售价" }],
    },
    { name: "电子产品", parent: "产品", color: "#4962c9" },
    { name: "汽车", parent: "产品", color: "#2f8fd8" },
    { name: "软件与模型", parent: "产品", color: "#c23531" },
    { name: "零部件", parent: "产品", color: "#d48265" },
    { name: "会议展会", color: "#b6a2de", properties: [{ name: "届次" }, { name: "举办周期" }] },
  ],
  relationTypes: [
    { name: "创办", domain: "人物", range: "组织机构" },
    { name: "任职于", domain: "人物", range: "组织机构" },
    { name: "总部位于", domain: "组织机构", range: "地点" },
    { name: "位于", domain: "地点", range: "地点" },
    { name: "生产", domain: "企业", range: "产品" },
    { name: "供货", domain: "企业", range: "企业", description: "主语向宾语供应零部件或服务" },
    { name: "控股", domain: "企业", range: "企业" },
    { name: "合作伙伴", domain: "组织机构", range: "组织机构" },
    { name: "投资", domain: "组织机构", range: "组织机构" },
    { name: "举办地", domain: "会议展会", range: "地点" },
    { name: "使用", domain: "产品", range: "产品" },
  ],
  eventTypes: [
    {
      name: "发布",
      triggers: ["发布", "推出", "亮相", "首发"],
      roles: { subject: "发布方", object: "发布产品" },
      color: "#c23531",
    },
    {
      name: "收购",
      triggers: ["收购", "并购", "入股"],
      roles: { subject: "收购方", object: "被收购方" },
      color: "#2f4554",
    },
    {
      name: "合作",
      triggers: ["合作", "签署", "携手", "签约"],
      roles: { subject: "合作方", object: "合作伙伴" },
      color: "#61a0a8",
    },
    {
      name: "召开",
      triggers: ["召开", "举办", "开幕"],
      roles: { subject: "主办方", object: "会议" },
      color: "#d48265",
    },
    {
      name: "投资",
      triggers: ["投资", "建设", "开工", "投产"],
      roles: { subject: "投资方", object: "投资项目" },
      color: "#91c7ae",
    },
    {
      name: "融资",
      triggers: ["融资"],
      roles: { subject: "融资方", object: "投资方" },
      color: "#749f83",
    },
    {
      name: "任命",
      triggers: ["任命", "出任", "接任"],
      roles: { subject: "任命方", object: "被任命人" },
      color: "#ca8622",
    },
    {
      name: "上市",
      triggers: ["挂牌", "敲钟"],
      roles: { subject: "上市企业", object: "交易所" },
      color: "#bda29a",
    },
  ],
};

export const builtinOntologies = [militaryOntology, generalOntology];
