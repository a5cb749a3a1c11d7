import type { ComponentType, LazyExoticComponent } from 'react';

export interface DocArticle {
  id: string;
  title: string;
  description: string;
  tags: string[];
  content: LazyExoticComponent<ComponentType>;
}

export interface DocSection {
  title: string;
  articles: DocArticle[];
}
